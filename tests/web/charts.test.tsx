// The console's chart (issue 19, src/web/charts/Chart.tsx): drawn in the theme's colours, light
// and dark, in the language shown, with the figures in words and every value in a data table.
import { render, screen, within } from '@testing-library/react';
import { ConfigProvider, theme } from 'antd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Chart } from '../../src/web/charts/Chart';
import { i18n, i18nReady } from '../../src/web/i18n';
import { accessibleTheme, type ThemeName } from '../../src/web/theme/accessibleTheme';

const DATA = [
  { day: '2026-11-21', inflow: '5000.00', outflow: '0.00' },
  { day: '2026-11-22', inflow: '0.00', outflow: '16000.5' },
];

/** The token colours the chart must use in this theme. */
function tokensOf(name: ThemeName) {
  const config = accessibleTheme(name, '#1677ff');
  return theme.getDesignToken(config);
}

function draw(name: ThemeName) {
  return render(
    <ConfigProvider theme={accessibleTheme(name, '#1677ff')}>
      <Chart
        title={i18n.t('funds:chart.title')}
        data={DATA}
        xKey="day"
        xLabel={i18n.t('funds:chart.day')}
        series={[
          { key: 'inflow', label: i18n.t('funds:chart.inflow'), tone: 'in' },
          { key: 'outflow', label: i18n.t('funds:chart.outflow'), tone: 'out', kind: 'line' },
        ]}
        summary="In 5,000.00, out 16,000.50"
      />
    </ConfigProvider>,
  );
}

describe('the chart', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces(['charts', 'funds']);
  });
  afterAll(() => i18n.changeLanguage('zh-CN'));

  it.each(['dark', 'light'] as const)('draws each series in the %s theme colour of its tone', async (name) => {
    const { container } = draw(name);
    // The drawing (loaded lazily) arrives.
    await expect.poll(() => container.querySelector('.recharts-responsive-container')).not.toBeNull();
    const token = tokensOf(name);
    expect(screen.getByTestId('chart-swatch-inflow')).toHaveStyle({ background: token.colorSuccess });
    expect(screen.getByTestId('chart-swatch-outflow')).toHaveStyle({ background: token.colorError });
    expect(tokensOf('dark').colorSuccess).not.toBe(tokensOf('light').colorSuccess);
  });

  it('has the figures in words and a data table with every value as money', async () => {
    await i18n.changeLanguage('zh-CN');
    draw('dark');
    expect(screen.getByText('In 5,000.00, out 16,000.50')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '近 30 天收支' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '近 30 天收支' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['日期', '收入', '支出']);
    expect(within(table).getByRole('row', { name: /2026-11-22/ })).toHaveTextContent('2026-11-220.0016,000.50');
    expect(screen.getByText('以表格查看数据')).toBeInTheDocument();
  });

  it('speaks the language shown', async () => {
    await i18n.changeLanguage('en-US');
    await i18n.loadNamespaces(['charts', 'funds']);
    draw('light');
    expect(await screen.findByText('Show the data as a table')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Last 30 days' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Day', 'In', 'Out']);
  });
});
