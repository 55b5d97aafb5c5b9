// Every money action of every resource file shows what it moves in its dialog (the amount, the
// other side, the balance after): none is confirmed blind (issue 27, "money declared once").
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MONEY_EFFECTS } from '../../src/web/pages/funds/moneyEffects';
import { repoRoot } from '../../src/server/paths';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import zh from '../../src/shared/locales/zh-CN/funds.json';
import en from '../../src/shared/locales/en-US/funds.json';

const dir = path.join(repoRoot, 'schemas/resources');
const defs = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ResourceDefinition);
const moneyActions = defs.flatMap((d) => (d.actions ?? []).filter((a) => a.money).map((a) => `${d.name}.${a.name}`));

describe('money actions declare what they move', () => {
  it('finds the money actions', () => expect(moneyActions.length).toBeGreaterThanOrEqual(12));

  it('gives each money action an effect whose fields are the record’s, and a label in both languages', () => {
    expect(moneyActions.filter((key) => !MONEY_EFFECTS[key])).toEqual([]);
    for (const key of moneyActions) {
      const [resource, action] = key.split('.');
      const def = defs.find((d) => d.name === resource)!;
      for (const field of MONEY_EFFECTS[key].parties) expect(def.record.properties, `${key}: ${field}`).toHaveProperty(field);
      for (const texts of [zh, en]) expect((texts.money.amount as Record<string, Record<string, string>>)[resource]?.[action], key).toBeTruthy();
    }
  });

  it('reads a payment’s amount from what is typed', () => {
    expect(MONEY_EFFECTS['bills.pay'].amount({ id: 'b' } as never, { payAmount: '1,000.50'.replace(',', '') })).toBe(100050n);
    expect(MONEY_EFFECTS['paymentRequests.pay'].amount({ id: 'r' } as never, {})).toBe(0n);
  });
});
