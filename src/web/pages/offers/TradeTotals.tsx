import { Descriptions, theme, Typography } from 'antd';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/money';
import { previewTradeTotals, type NumberBounds } from '../../../shared/tradeAmounts';
import type { FormSlotProps } from '../../resources/slots';

/** The nearest ancestor of `el` that scrolls, else the document's scrolling element. */
function scrollerOf(el: HTMLElement): Element {
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (/(auto|scroll)/.test(getComputedStyle(p).overflowY) && p.scrollHeight > p.clientHeight) return p;
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * Keeps the field the user is in clear of the sticky panel: on focus and on each keystroke, a
 * field the panel covers (the collateral ratio at the window's bottom, clicked on its visible top)
 * is scrolled up above it, with the field's own error line.
 */
function useRevealAbove(panelRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    let frame = 0;
    const reveal = (event: Event) => {
      const field = event.target;
      if (!(field instanceof HTMLElement) || panel.contains(field) || !field.closest('form')) return;
      cancelAnimationFrame(frame);
      // After the browser's own scrolling into view on focus.
      frame = requestAnimationFrame(() => {
        const item = (field.closest('.ant-form-item') as HTMLElement | null) ?? field;
        const box = item.getBoundingClientRect();
        const cover = panel.getBoundingClientRect();
        const hidden = box.bottom + 8 - cover.top;
        if (hidden > 0 && box.top < cover.bottom) scrollerOf(panel).scrollBy({ top: Math.min(hidden, box.top - 8) });
      });
    };
    document.addEventListener('focusin', reveal);
    document.addEventListener('input', reveal);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', reveal);
      document.removeEventListener('input', reveal);
    };
  }, [panelRef]);
}

/**
 * Below an offer's or a contract's fields: the total and the collateral the server will store,
 * from the same function (src/shared/tradeAmounts.ts), while the user types. An input the server
 * would refuse (a negative quantity, a third decimal) shows no figure, never a wrong one, and
 * nothing the user typed is changed.
 */
export default function TradeTotals({ definition, data }: FormSlotProps) {
  const { t } = useTranslation('trading');
  const { token } = theme.useToken();
  const panel = useRef<HTMLElement>(null);
  useRevealAbove(panel);
  const fields = definition.record.properties as Record<string, NumberBounds | undefined>;
  const totals = previewTradeTotals(data, { quantity: fields.quantity, collateralRatio: fields.collateralRatio });
  const ratio = typeof data.collateralRatio === 'number' ? data.collateralRatio : 0;
  const figure = (value: string | undefined, testId: string) => (
    <span data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
      {value === undefined ? '—' : formatMoney(value)}
    </span>
  );
  return (
    // Sticky at the bottom of the window while the form scrolls: the figures stay in sight while quantity and price are typed;
    // the field being typed in is kept above it (useRevealAbove).
    <section ref={panel} data-testid="trade-totals" aria-live="polite" aria-label={t('totals.title')} style={{ position: 'sticky', bottom: 0, zIndex: 2, margin: '8px 0 0', padding: '8px 0', background: token.colorBgContainer }}>
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
