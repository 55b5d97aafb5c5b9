// /operator/agreement, /operator/historical, /operator/demoDetail (issue 9): the accepted
// agreements, readable and printable; the historical rules; the example settlement terms.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AgreementDocumentView, AgreementListItem } from '../../src/shared/api';
import { ok } from './support/fakeApi';
import { findActivePane, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };

const doc = (over: Partial<AgreementDocumentView>): AgreementDocumentView => ({
  id: 'lsf-2026.11',
  platform: 'lsf',
  version: '2026.11',
  kind: 'platform',
  effectiveFrom: '2026-11-01',
  title: '链上付平台服务协议',
  sections: [
    { heading: '一、服务内容', body: '平台提供报价、合同与结算服务。' },
    { heading: '二、双方义务', body: '用户应如实提供信息。' },
  ],
  ...over,
});

const ACCEPTED: AgreementListItem[] = [
  { id: 'lsf-2026.11', platform: 'lsf', version: '2026.11', title: '链上付平台服务协议', agreedAt: '2026-11-02T02:03:04.000Z', agreedBy: '张三' },
];

describe('agreement pages', { timeout: 40_000 }, () => {
  it('lists the accepted agreements and opens one to read and print', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { api, user } = openShell('/operator/agreement', {
      'POST /api/system/personal/agreementlist': ok({ records: ACCEPTED, total: 1 }),
      'GET /api/system/personal/agreement/lsf-2026.11': ok(doc({})),
    });
    const pane = await findActivePane();
    const row = (await within(pane).findByText('链上付平台服务协议', {}, SLOW)).closest('tr')!;
    expect(within(row).getByText('张三')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/system/personal/agreementlist')[0].body).toEqual({ pageNo: 1, pageSize: 10 });
    await user.click(within(row).getByRole('button', { name: '查看《链上付平台服务协议》2026.11 版' }));
    const article = await within(pane).findByRole('article', { name: '链上付平台服务协议' });
    expect(within(article).getByText('平台提供报价、合同与结算服务。')).toBeInTheDocument();
    expect(within(article).getByText('2026-11-01')).toBeInTheDocument();
    await user.click(within(article).getByRole('button', { name: /打\s*印/ }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says so when the account has accepted nothing', async () => {
    openShell('/operator/agreement', { 'POST /api/system/personal/agreementlist': ok({ records: [], total: 0 }) });
    const pane = await findActivePane();
    expect(await within(pane).findByText('本账号尚未同意任何服务协议', {}, SLOW)).toBeInTheDocument();
  });

  it('shows the historical rules newest first, each opening its text', async () => {
    const { user } = openShell('/operator/historical', {
      'POST /api/system/personal/historyagreement': ok({
        records: [
          doc({ id: 'rules-2026.03', kind: 'rules', version: '2026.03', effectiveFrom: '2026-03-01', title: '结算规则', sections: [{ heading: '第一条', body: '2026 版规则正文' }] }),
          doc({ id: 'rules-2025.06', kind: 'rules', version: '2025.06', effectiveFrom: '2025-06-01', title: '结算规则', sections: [{ heading: '第一条', body: '2025 版规则正文' }] }),
        ],
        total: 2,
      }),
    });
    const pane = await findActivePane();
    const headers = await within(pane).findAllByText(/^结算规则（.* 起生效）$/, {}, SLOW);
    expect(headers.map((h) => h.textContent)).toEqual(['结算规则（2026-03-01 起生效）', '结算规则（2025-06-01 起生效）']);
    await user.click(headers[1]);
    expect(await within(pane).findByText('2025 版规则正文')).toBeInTheDocument();
  });

  it('shows the example settlement terms', async () => {
    openShell('/operator/demoDetail', {
      'GET /api/system/personal/demoDetail': ok(doc({ id: 'demo-settlement', kind: 'demo', title: '结算条款示例', sections: [{ heading: '付款', body: '买方在收货后 30 日内付款。' }] })),
    });
    const pane = await findActivePane();
    expect(await within(pane).findByText('买方在收货后 30 日内付款。', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('结算条款示例').length).toBeGreaterThan(0));
  });
});
