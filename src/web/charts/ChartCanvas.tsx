// The drawing of a chart with recharts (README "Libraries"): loaded only by src/web/charts/Chart.tsx
// through React.lazy, so the library's code reaches only the routes that draw a chart. Colours,
// fonts and formats come from the caller (the antd theme's tokens, the language); nothing here
// chooses a colour of its own.
import { Area, Bar, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartCanvasProps } from './types';

export default function ChartCanvas({ data, xKey, series, height, colors, formatValue, formatX }: ChartCanvasProps) {
  const hasRight = series.some((s) => s.axis === 'right');
  const tick = { fill: colors.text, fontSize: 12 };
  const axisValue = (v: number) => formatValue(v).replace(/\.00$/, '');
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 600, height }}>
      <ComposedChart data={data} margin={{ top: 8, right: hasRight ? 8 : 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey={xKey} tickFormatter={(v: string) => formatX(String(v))} tick={tick} stroke={colors.grid} minTickGap={16} />
        <YAxis yAxisId="left" tickFormatter={axisValue} tick={tick} stroke={colors.grid} width={80} />
        {hasRight && <YAxis yAxisId="right" orientation="right" tickFormatter={axisValue} tick={tick} stroke={colors.grid} width={90} />}
        <Tooltip
          formatter={(value, name) => [formatValue(Number(value)), name]}
          labelFormatter={(label) => String(label)}
          contentStyle={{ background: colors.tooltipBg, borderColor: colors.tooltipBorder, color: colors.tooltipText, borderRadius: 6 }}
          labelStyle={{ color: colors.tooltipText }}
          itemStyle={{ color: colors.tooltipText }}
          cursor={{ fill: colors.grid, fillOpacity: 0.3 }}
        />
        {series.map((s) => {
          const common = { dataKey: s.key, name: s.label, yAxisId: s.axis ?? 'left', isAnimationActive: false } as const;
          if (s.kind === 'line') return <Line key={s.key} {...common} type="monotone" stroke={s.color} strokeWidth={2} dot={false} />;
          if (s.kind === 'area') return <Area key={s.key} {...common} type="monotone" stroke={s.color} fill={s.color} fillOpacity={0.18} strokeWidth={2} />;
          return <Bar key={s.key} {...common} stackId={s.stack} fill={s.color} maxBarSize={14} />;
        })}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
