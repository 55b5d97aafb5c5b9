// The reusable chart's props (src/web/charts/Chart.tsx), kept apart from the chart library so a
// page that declares a chart imports no drawing code.

/** Which theme colour a series is drawn in: money in, money out, the primary, a second accent. */
export type ChartTone = 'in' | 'out' | 'primary' | 'accent';

export interface ChartSeries {
  /** The data field it reads. */
  key: string;
  /** Translated name: legend, tooltip and the table's column header. */
  label: string;
  /** Bars, a line, or a filled area (default bar). */
  kind?: 'bar' | 'line' | 'area';
  tone: ChartTone;
  /** A second scale on the right, for a figure of another size (cumulative beside daily). */
  axis?: 'left' | 'right';
  /** Bars of one stack id are stacked (a report's categories of a day). */
  stack?: string;
}

/** One point: the x value (a YYYY-MM-DD day, a name) and each series' value, yuan strings for money. */
export type ChartRow = Record<string, string | number>;

/** What the drawing part is handed: numbers, resolved colours and formatters. */
export interface ChartCanvasProps {
  data: ChartRow[];
  xKey: string;
  series: (ChartSeries & { color: string })[];
  height: number;
  colors: { text: string; grid: string; tooltipBg: string; tooltipBorder: string; tooltipText: string };
  formatValue: (value: number) => string;
  formatX: (value: string) => string;
}
