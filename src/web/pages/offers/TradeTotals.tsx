import { Descriptions, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/money';
import { previewTradeTotals, type NumberBounds } from '../../../shared/tradeAmounts';
import type { FormSlotProps } from '../../resources/slots';

/**
 * Below an offer's or a contract's fields: the total and the collateral the server will store,
 * from the same function (src/shared/tradeAmounts.ts), while the user types. An input the server
 * would refuse (a negative quantity, a third decimal) shows no figure, never a wrong one, and
 * nothing the user typed is changed.
 */
export default function TradeTotals({ definition, data }: FormSlotProps) {
  const { t } = useTranslation('trading');
  const { token } = theme.useToken();
  const fields = definition.record.properties as Record<string, NumberBounds | undefined>;
  const totals = previewTradeTotals(data, { quantity: fields.quantity, collateralRatio: fields.collateralRatio });
  const ratio = typeof data.collateralRatio === 'number' ? data.collateralRatio : 0;
  const figure = (value: string | undefined, testId: string) => (
    <span data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
      {value === undefined ? '—' : formatMoney(value)}
    </span>
  );
  return (
    // Sticky at the bottom of the window while the form scrolls: the figures stay in sight while quantity and price are typed.
    <section aria-live="polite" aria-label={t('totals.title')} style={{ position: 'sticky', bottom: 0, zIndex: 2, margin: '8px 0 0', padding: '8px 0', background: token.colorBgContainer }}>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} title={t('totals.title')}>
        <Descriptions.Item label={t('totals.amount')}>{figure(totals?.amount, 'trade-total')}</Descriptions.Item>
        <Descriptions.Item label={t('totals.collateral', { ratio: totals ? ratio : '—' })}>{figure(totals?.collateralAmount, 'trade-collateral')}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
        {totals ? t('totals.rule') : t('totals.pending')}
      </Typography.Paragraph>
    </section>
  );
}
