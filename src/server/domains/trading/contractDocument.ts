// contracts.document (schemas/resources/contracts.json): the contract as the parties sign it,
// rendered from the record and the parties' account names in Chinese, the language of the
// contract whoever reads it. Amounts in figures and in Chinese capitals. The text is what the
// first signature's SHA-256 fixes, so everything that renders into it must come from the
// record or its parties, never from the reader or the clock.
import { inArray } from 'drizzle-orm';
import { regionPathName } from '../../../shared/data/regions';
import { capitalAmount, formatMoney } from '../../../shared/money';
import { accounts } from '../../db/schema';
import { translatorFor } from '../../i18n';
import type { DocumentRenderer } from '../../resources/documents';

const t = translatorFor('zh-CN');

export const contractDocument: DocumentRenderer = async (tx, row, def) => {
  const c = row.data;
  const parties = row.parties ?? {};
  const names = new Map(
    (await tx.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, Object.values(parties)))).map((a) => [a.id, a.name]),
  );
  const labels = def.labels['zh-CN'];
  const money = (v: unknown) => formatMoney(String(v));
  const capital = (v: unknown) => capitalAmount(String(v));
  const ratio = typeof c.collateralRatio === 'number' ? c.collateralRatio : 0;
  const k = (key: string, params?: Record<string, unknown>) => t(`documents:contract.${key}`, params);
  const lines = [
    k('title', { title: c.title }),
    k('number', { id: row.id }),
    // A mutual-promise contract says so (contracts of other origins render as before).
    ...(c.source === 'mutualOffer' ? [k('mutual', { offerId: c.offerId ?? '' })] : []),
    k('buyer', { name: names.get(parties.buyer ?? '') ?? '' }),
    k('seller', { name: names.get(parties.seller ?? '') ?? '' }),
    '',
    k('preamble'),
    '',
    k('goodsHeading'),
    k('goodsLine', {
      goodsName: c.goodsName,
      spec: c.spec || k('noSpec'),
      quantity: c.quantity,
      unit: labels.enums?.unit?.[String(c.unit)] ?? c.unit,
      unitPrice: money(c.unitPrice),
      amount: money(c.amount),
    }),
    k('amountHeading'),
    k('amount', { amount: money(c.amount), capital: capital(c.amount) }),
    // Contracts made before payment terms existed render (and hash) as they were signed.
    ...(typeof c.paymentTermDays === 'number' ? [k('paymentTerm', { days: c.paymentTermDays })] : []),
    k('collateralHeading'),
    ratio > 0 ? k('collateral', { ratio, amount: money(c.collateralAmount ?? '0'), capital: capital(c.collateralAmount ?? '0') }) : k('noCollateral'),
    k('deliveryHeading'),
    k('delivery', { date: c.deliveryDate, region: Array.isArray(c.deliveryRegion) ? regionPathName(c.deliveryRegion as string[], '') : '' }),
    k('termsHeading'),
    typeof c.terms === 'string' && c.terms.trim() ? c.terms.trim() : k('noTerms'),
    '',
    k('signing'),
  ];
  return { title: k('title', { title: c.title }), text: lines.join('\n') };
};
