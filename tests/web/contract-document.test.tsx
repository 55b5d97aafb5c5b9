// /contract/detailspact?id= (issue 7): the printable contract shows the text both parties sign,
// its SHA-256 now and as fixed by the first signature, whether they match, and the signatures.
// The server is faked at fetch.
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, USER_INFO } from './support/fakeApi';
import { findActivePane, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };
const ID = '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5';
const HASH = 'a'.repeat(64);
const SIGNATURE = {
  role: 'buyer',
  accountId: 'acc-1',
  accountName: '杭州签约买方有限公司',
  userId: 'u-1',
  userName: '张三',
  phone: '138****0000',
  at: '2026-11-20T02:00:00.000Z',
  ip: '127.0.0.1',
  sha256: HASH,
};
const document = (signedSha256: string | null, signatures: unknown[] = []) => ({
  title: '采购螺纹钢 购销合同',
  text: '采购螺纹钢 购销合同\n合同总金额：人民币 80,000.00 元（大写：捌万元整）。',
  sha256: HASH,
  signedSha256,
  signatures,
});
const routes = (doc: ReturnType<typeof document>) => ({
  'GET /api/system/users/info': ok({ ...USER_INFO, authStatus: 'approved' }),
  [`GET /api/r/contracts/${ID}/document`]: ok(doc),
});

describe('/contract/detailspact', { timeout: 40_000 }, () => {
  it('shows the text, its SHA-256 and that it is not signed yet', async () => {
    openShell(`/contract/detailspact?id=${ID}`, routes(document(null)));
    const pane = await findActivePane();
    expect(await within(pane).findByTestId('document-text', {}, SLOW)).toHaveTextContent('合同总金额：人民币 80,000.00 元（大写：捌万元整）。');
    expect(within(pane).getByTestId('document-sha256')).toHaveTextContent(HASH);
    expect(within(pane).getByText('尚未签署：双方签署前请核对合同文本')).toBeInTheDocument();
    expect(within(pane).getByText('暂无签署')).toBeInTheDocument();
    expect(within(pane).getByRole('button', { name: /打\s*印/ })).toBeInTheDocument();
  });

  it('lists the signatures and says the text is the one signed', async () => {
    openShell(`/contract/detailspact?id=${ID}`, routes(document(HASH, [SIGNATURE])));
    const pane = await findActivePane();
    expect(await within(pane).findByText('当前文本与签署时一致', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByText(/买方：杭州签约买方有限公司，签署人 张三（138\*{4}0000），2026-11-20 10:00:00/)).toBeInTheDocument();
  });

  it('warns when the text differs from the one signed', async () => {
    openShell(`/contract/detailspact?id=${ID}`, routes(document('b'.repeat(64), [SIGNATURE])));
    const pane = await findActivePane();
    expect(await within(pane).findByText('当前文本与签署时不一致，不能继续签署', {}, SLOW)).toBeInTheDocument();
  });
});
