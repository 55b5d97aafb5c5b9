// The kind -> receipt template table (src/shared/receipts.ts): which transfers have which printed
// receipt, the paths the console links to, the receipt number, and that every template and result
// route named in the product files is a route of schemas/menu.json.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MENU, findRoute, isPublicPath } from '../../src/shared/menu';
import { EVENT_RECEIPTS, MUTUAL_RECEIPT_TEMPLATES_BY_KIND, RECEIPT_TEMPLATES, RECEIPT_TEMPLATES_BY_KIND, receiptFits, receiptNumber, receiptPathOf, receiptTemplateOf, receiptVerifyPath, RUN_RECEIPT_TEMPLATE } from '../../src/shared/receipts';
import { walkMenu } from '../../src/shared/schema';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { REPO_ROOT, readResource } from '../../src/shared/schema/load-node';

const ID = '3f2a9c1b-7d4e-4a8b-9c0d-112233445566';

describe('receipt templates by transfer kind', () => {
  it('prints each money step with its SPEC §2 receipt page', () => {
    expect(receiptPathOf('collateral', ID)).toBe(`/Chainpayment?id=${ID}`);
    expect(receiptPathOf('withdrawal', ID)).toBe(`/Withdrawal?id=${ID}`);
    expect(receiptPathOf('withdrawalPaid', ID)).toBe(`/Withdrawal?id=${ID}`);
    expect(receiptPathOf('withdrawalReturned', ID)).toBe(`/Withdrawal?id=${ID}`);
    expect(receiptPathOf('objectionDeposit', ID)).toBe(`/Entropygold?id=${ID}`);
    expect(receiptPathOf('objectionReturned', ID)).toBe(`/Entropygoldrefund?id=${ID}`);
    expect(receiptPathOf('refund', ID)).toBe(`/ReleaseReceipt?id=${ID}`);
    expect(receiptPathOf('collateralPosted', ID)).toBe(`/PaymentReleaseReceipt?id=${ID}`);
  });

  it('gives a release one copy per side: the buyer paid out of escrow, the seller received', () => {
    expect(receiptPathOf('release', ID, 'buyer')).toBe(`/PaymentReleaseReceipt?id=${ID}`);
    expect(receiptPathOf('release', ID, 'seller')).toBe(`/ReleaseReceipt?id=${ID}`);
    expect(receiptTemplateOf('release')).toBe('ReleaseReceipt');
    expect(receiptFits('PaymentReleaseReceipt', 'release')).toBe(true);
    expect(receiptFits('PaymentReleaseReceipt', 'refund')).toBe(false);
    expect(receiptFits('Withdrawal', 'collateral')).toBe(false);
    // A mutual-promise contract's transfers open with the mutual variant's copy; the plain one still prints them.
    expect(receiptPathOf('release', ID, 'buyer', true)).toBe(`/HPaymentReleaseReceipt?id=${ID}`);
    expect(receiptPathOf('release', ID, 'seller', true)).toBe(`/HReleaseReceipt?id=${ID}`);
    expect(receiptPathOf('billPayment', ID, undefined, true)).toBe(`/HSolution?id=${ID}`);
    expect(receiptPathOf('billBatchPayment', ID, undefined, true)).toBe(`/Solutions?id=${ID}`);
    expect(receiptFits('ReleaseReceipt', 'release', true)).toBe(true);
    expect(receiptFits('HReleaseReceipt', 'release')).toBe(false);
    expect(receiptFits('HSolution', 'billPayment')).toBe(false);
  });

  it('has no receipt for the steps without one of their own', () => {
    for (const kind of ['deposit', 'objectionForfeited', 'objectionFee', 'unknownKind']) expect(receiptPathOf(kind, ID), kind).toBeUndefined();
  });

  it('numbers a receipt by the China day of its transfer and its id', () => {
    expect(receiptNumber(ID, new Date('2026-11-20T17:30:00Z'))).toBe('LSF202611213F2A9C1B7D4E');
    expect(receiptNumber(ID, new Date('2026-11-20T15:59:00Z'))).toBe('LSF202611203F2A9C1B7D4E');
  });
});

describe('receipt routes in schemas/menu.json', () => {
  it('declares a printable route for every template in the table, and a public verification page', () => {
    // Every template prints some transfer kind (a mutual copy too), a recorded step (CollectionDelay) or a participant's clearing run (Interconnectedsingle).
    const used = new Set([...Object.values(RECEIPT_TEMPLATES_BY_KIND).flat(), ...Object.values(MUTUAL_RECEIPT_TEMPLATES_BY_KIND).flat(), ...Object.keys(EVENT_RECEIPTS), RUN_RECEIPT_TEMPLATE]);
    expect([...used].sort()).toEqual([...RECEIPT_TEMPLATES].sort());
    for (const template of RECEIPT_TEMPLATES) expect(findRoute(`/${template}`)?.render, template).toEqual({ receipt: template });
    const verify = receiptVerifyPath('Chainpayment', ID);
    expect(verify).toBe(`/receipt/verify?id=${ID}&template=Chainpayment`);
    expect(isPublicPath(verify)).toBe(true);
    expect(findRoute('/receipt/verify')).toMatchObject({ layout: 'blank', render: { page: 'receiptVerify' } });
    for (const template of RECEIPT_TEMPLATES) expect(isPublicPath(`/${template}?id=${ID}`), template).toBe(false);
  });

  it('names a menu route in every action result that is a route key (payCollateral -> /contract/paymentStatus)', () => {
    const keys = new Set(walkMenu(MENU).map((route) => route.key));
    const dir = path.join(__dirname, '../../schemas/resources');
    const named: string[] = [];
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const def = readResource(REPO_ROOT, `schemas/resources/${file}`) as ResourceDefinition;
      for (const action of def.actions ?? []) {
        if (typeof action.result === 'string') {
          expect(keys.has(action.result), `${file} ${action.name}: ${action.result}`).toBe(true);
          named.push(`${def.name}.${action.name}:${action.result}`);
        }
      }
    }
    expect(named).toContain('contracts.payCollateral:paymentStatus');
    expect(findRoute('/contract/paymentStatus')?.render).toEqual({ page: 'paymentStatus' });
  });
});
