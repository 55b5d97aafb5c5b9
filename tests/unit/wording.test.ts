// Wording a user reads (issue 17, defect 12): the platform agreement's button is the words the
// agreement tells the user to click, and a resource names one record by its singular name, not
// by its list's title ("新建提现明细", "还没有发票管理记录", "Sales contracts" over one contract).
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/shared/constants';
import { readResource, REPO_ROOT } from '../../src/shared/schema/load-node';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import { resourceText } from '../../src/web/resources/labels';
import zhShell from '../../src/shared/locales/zh-CN/shell.json';
import enShell from '../../src/shared/locales/en-US/shell.json';
import zhAgreements from '../../src/shared/locales/zh-CN/agreements.json';
import enAgreements from '../../src/shared/locales/en-US/agreements.json';
import zhResources from '../../src/shared/locales/zh-CN/resources.json';
import enResources from '../../src/shared/locales/en-US/resources.json';

const SHELL: Record<Language, typeof zhShell> = { 'zh-CN': zhShell, 'en-US': enShell };
const AGREEMENTS: Record<Language, Record<string, { sections: { body: string }[] }>> = { 'zh-CN': zhAgreements, 'en-US': enAgreements };
const CHROME: Record<Language, typeof zhResources> = { 'zh-CN': zhResources, 'en-US': enResources };

/** The button labels an agreement text tells the user to click: the quoted words after 点击 / clicking. */
const quotedClicks = (text: string): string[] => [...text.matchAll(/(?:点击|clicking )[“"]([^”"]+)[”"]/g)].map((m) => m[1]);

const definition = (name: string) => readResource(REPO_ROOT, `schemas/resources/${name}.json`) as ResourceDefinition;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]);

describe('the platform agreement', () => {
  it.each(LANGUAGES)('asks the user to click the button the dialog shows (%s)', (language) => {
    const clicks = Object.values(AGREEMENTS[language]).flatMap((doc) => doc.sections.flatMap((s) => quotedClicks(s.body)));
    expect(clicks.length).toBeGreaterThan(0);
    expect(new Set(clicks)).toEqual(new Set([SHELL[language].agreement.agree]));
  });
});

describe('a resource names one record by its singular name', () => {
  const text = (name: string, language: Language) => resourceText(definition(name), language, () => undefined);

  it('titles the create form and the empty list by the record', () => {
    expect(fill(zhResources.form.createTitle, { title: text('withdrawals', 'zh-CN').record })).toBe('新建提现申请');
    expect(fill(zhResources.list.empty, { title: text('invoiceRequests', 'zh-CN').record })).toBe('还没有发票申请记录');
  });

  it('heads one contract as a contract, in both languages', () => {
    expect(text('contracts', 'zh-CN').record).toBe('合同');
    expect(text('contracts', 'en-US').record).toBe('Contract');
  });

  it.each(LANGUAGES)('says a show route opened without an id misses the record number (%s)', (language) => {
    expect(fill(CHROME[language].show.missingId, { record: text('contracts', language).record })).toMatch(language === 'zh-CN' ? /^缺少合同编号/ : /^Contract number missing/);
  });
});

describe('wording a user met on day one (issue 28 item 10)', () => {
  const menu = (language: Language) => JSON.parse(readFileSync(`${REPO_ROOT}/src/shared/locales/${language}/menu.json`, 'utf8')) as { routes: Record<string, string> };

  it('titles the bill page as a bill, and the mutual service page without claiming it is open', () => {
    expect(menu('zh-CN').routes.contractPaymentDetails).toBe('账单详情');
    expect(menu('en-US').routes.contractPaymentDetails).toBe('Bill detail');
    // The page shows the service opened or not (尚未开通…): its tab says which page, not a result.
    expect(menu('zh-CN').routes.xhnPaymentStatus).not.toMatch(/成功/);
    expect(menu('en-US').routes.xhnPaymentStatus).not.toMatch(/opened/i);
  });

  // The service page's tab read 互诺服务开通 over a page saying 尚未开通互保服务: the mutual variant
  // (xhn) calls its service, offers, contracts and receipts 互诺 (mutual-promise) throughout.
  it('calls the mutual service 互诺服务 in every Chinese text, as its page, offers and contracts are named', () => {
    const files = [
      ...readdirSync(`${REPO_ROOT}/src/shared/locales/zh-CN`).map((f) => `src/shared/locales/zh-CN/${f}`),
      ...readdirSync(`${REPO_ROOT}/schemas/resources`).filter((f) => f.endsWith('.json')).map((f) => `schemas/resources/${f}`),
    ];
    const other = files.filter((f) => readFileSync(`${REPO_ROOT}/${f}`, 'utf8').includes('互保'));
    expect(other).toEqual([]);
    expect(menu('zh-CN').routes.xhnPaymentStatus).toBe('互诺服务开通');
    const status = JSON.parse(readFileSync(`${REPO_ROOT}/src/shared/locales/zh-CN/counterparties.json`, 'utf8')) as { mutual: Record<string, string> };
    expect([status.mutual.openedTitle, status.mutual.notOpenedTitle]).toEqual(['互诺服务已开通', '尚未开通互诺服务']);
  });

  it('names the record type in an empty English list as a label (not "No Bill yet")', () => {
    const bill = resourceText(definition('bills'), 'en-US', () => undefined).record;
    expect(fill(enResources.list.empty, { title: bill })).toBe('No Bill records yet');
  });

  it('shows a bill its contract once (the linked 所属合同), not also as 合同 with the same value', () => {
    const show = definition('bills').show.sections.flatMap((s) => s.fields);
    expect(show).toContain('contractId');
    expect(show).not.toContain('contractTitle');
  });
});
