// Every money action of every resource file declares what it moves (`moves`: the amount, the
// other side, the wallet figure), so its dialog shows it and the server checks its confirmation
// against it: none is confirmed blind (issue 27, "money declared once"; shared/resources/moneyMoves.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../src/server/paths';
import { movedFen } from '../../src/shared/resources/moneyMoves';
import type { ActionDeclaration, ResourceDefinition } from '../../src/shared/resources/types';
import { objectionDepositFen } from '../../src/shared/tradeAmounts';
import zh from '../../src/shared/locales/zh-CN/funds.json';
import en from '../../src/shared/locales/en-US/funds.json';

const dir = path.join(repoRoot, 'schemas/resources');
const defs = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ResourceDefinition);
const moneyActions = defs.flatMap((d) => (d.actions ?? []).filter((a) => a.money).map((a) => ({ def: d, action: a, key: `${d.name}.${a.name}` })));
const declared = (key: string): ActionDeclaration => moneyActions.find((m) => m.key === key)!.action;

describe('money actions declare what they move', () => {
  it('finds the money actions', () => expect(moneyActions.length).toBeGreaterThanOrEqual(12));

  it('gives each money action its moves, whose fields are the record’s, and a label in both languages', () => {
    expect(moneyActions.filter((m) => !m.action.moves).map((m) => m.key)).toEqual([]);
    for (const { def, action, key } of moneyActions) {
      for (const field of action.moves!.parties) expect(def.record.properties, `${key}: ${field}`).toHaveProperty(field);
      for (const texts of [zh, en]) expect((texts.money.amount as Record<string, Record<string, string>>)[def.name]?.[action.name], key).toBeTruthy();
    }
  });

  it('reads a payment’s amount from what is typed, a collateral from the record, an objection deposit by its rule', () => {
    expect(movedFen(declared('bills.pay').moves!, { amount: '99999.00' }, { payAmount: '1000.50' })).toBe(100050n);
    expect(movedFen(declared('paymentRequests.pay').moves!, {}, {})).toBeNull();
    expect(movedFen(declared('bills.pay').moves!, {}, { payAmount: '-x' })).toBeNull();
    // A contract of 2,000,000.00 with 400,000.00 collateral moves the collateral, not the total.
    const contract = { amount: '2000000.00', collateralAmount: '400000.00' };
    expect(movedFen(declared('contracts.payCollateral').moves!, contract, {})).toBe(40_000_000n);
    expect(movedFen(declared('contracts.object').moves!, contract, {})).toBe(objectionDepositFen(40_000_000n));
  });
});
