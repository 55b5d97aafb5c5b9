// Issue 28, items 3 and 5: one money format in every text, the server's included (todos, field
// errors, messages: "121,600.00 元", never "121600.00 元"), and no raw codes where a reader
// expects a name (the account flows' business types).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import accountFlows from '../../schemas/resources/accountFlows.json';
import { moneyText } from '../../src/shared/money';
import { RECEIPT_TEMPLATES_BY_KIND } from '../../src/shared/receipts';
import { translatorFor } from '../../src/server/i18n';
import { repoRoot } from '../../src/server/paths';

const LOCALES = path.join(repoRoot, 'src/shared/locales');
type Texts = Record<string, unknown>;
const strings = (node: unknown, prefix = ''): [string, string][] =>
  typeof node === 'string'
    ? [[prefix, node]]
    : node && typeof node === 'object'
      ? Object.entries(node as Texts).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k))
      : [];
const catalogue = (language: string) =>
  new Map(
    fs
      .readdirSync(path.join(LOCALES, language))
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => strings(JSON.parse(fs.readFileSync(path.join(LOCALES, language, f), 'utf8')) as Texts).map(([k, v]) => [`${f}:${k}`, v] as const)),
  );

describe('money in texts', () => {
  it('formats amounts with separators, negatives and already formatted ones alike', () => {
    expect(moneyText('121600.00')).toBe('121,600.00');
    expect(moneyText('-60900')).toBe('-60,900.00');
    expect(moneyText('7,601.00')).toBe('7,601.00');
    expect(moneyText(1234.5)).toBe('1,234.50');
    expect(moneyText(123456n)).toBe('1,234.56');
    expect(moneyText('')).toBe('');
    expect(moneyText('—')).toBe('—');
  });

  it('gives every amount of a Chinese text the money format, and the same placeholders in English', () => {
    const zh = catalogue('zh-CN');
    const en = catalogue('en-US');
    const bare: string[] = [];
    for (const [key, text] of zh) {
      // An amount: a placeholder followed by 元 or after ¥ / 人民币 (but the amount in Chinese capitals).
      for (const m of text.matchAll(/\{\{(\w+)\}\}\s?元|(?:¥|人民币)\s?\{\{(\w+)\}\}/g)) if (!/^capitals?$/.test(m[1] ?? m[2])) bare.push(`${key} ${m[1] ?? m[2]}`);
      for (const m of text.matchAll(/\{\{(\w+), money\}\}/g)) expect(en.get(key), `${key} in en-US`).toContain(`{{${m[1]}, money}}`);
    }
    expect(bare).toEqual([]);
    for (const [key, text] of en) for (const m of text.matchAll(/(?:CNY|¥)\s?\{\{(\w+)\}\}|\{\{(\w+)\}\} (?:yuan|CNY)/g)) bare.push(`${key} ${m[1] ?? m[2]}`);
    expect(bare).toEqual([]);
  });

  it('writes server texts in it: todos, field errors, messages, in both languages', () => {
    const zh = translatorFor('zh-CN');
    const en = translatorFor('en-US');
    expect(zh('messages:todo.billToConfirm', { title: '钢材', amount: '121600.00', payee: '乙方' })).toBe('确权账单：合同《钢材》121,600.00 元，收款方 乙方');
    expect(zh('api:billOverOpen', { open: '64000.00' })).toBe('超出账单未付金额 64,000.00 元');
    expect(en('api:billOverOpen', { open: '64000.00' })).toBe("More than the bill's open amount of 64,000.00");
    expect(zh('messages:billPartlyPaid.content', { payer: '甲方', title: '钢材', paid: '20000.00', open: '1000000' })).toContain('付款 20,000.00 元，尚未付 1,000,000.00 元');
  });
});

describe('account flows', () => {
  // Kinds that only end a hold (its line changes state, no line of its own: flows.ts).
  const HOLD_ENDINGS = ['collateralPosted', 'refund', 'objectionReturned', 'withdrawalPaid', 'withdrawalReturned'];

  it('names every kind a wallet line carries, in both languages (never the code: requestPayment, nettingSettlement)', () => {
    const kinds = Object.keys(RECEIPT_TEMPLATES_BY_KIND).filter((k) => !HOLD_ENDINGS.includes(k));
    expect(kinds).toEqual(expect.arrayContaining(['requestPayment', 'nettingSettlement']));
    const declared = accountFlows.record.properties.kind.enum as string[];
    const labels = accountFlows.labels as Record<string, { enums: { kind: Record<string, string> } }>;
    for (const kind of kinds) {
      expect(declared, kind).toContain(kind);
      for (const language of ['zh-CN', 'en-US']) expect(labels[language].enums.kind[kind], `${language} ${kind}`).toBeTruthy();
    }
  });
});
