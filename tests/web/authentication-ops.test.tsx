// /ops/authentication: the review queue by status, the drawer with the whole submission (images
// as thumbnails), approve with confirmation, reject with a required reason, and 409 when someone
// else decided first. Only fetch is mocked.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/web/i18n';
import { formatDateTime } from '../../src/web/resources/format';
import { fail, fakeApi, ok, type Call } from './support/fakeApi';
import { ENTERPRISE_DATA, fileRoutes, findButton, findPanel, formRoutes, queryButton, renderPage } from './support/authenticationHarness';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

afterEach(async () => {
  if (i18n.language !== 'zh-CN') await act(() => i18n.changeLanguage('zh-CN'));
});

const PAGE = '/ops/authentication';
const OPS_USER = { type: 'ops' as const, accountName: '平台运营', isOwner: true };
const ID = 'b0000000-0000-4000-8000-000000000001';
const OTHER_ID = 'b0000000-0000-4000-8000-000000000002';
const SUBMITTED_AT = '2026-03-01T02:30:00.000Z';

const record = (status = 'submitted', extra: Record<string, unknown> = {}) => ({
  id: ID,
  kind: 'enterprise',
  status,
  reason: null,
  submittedAt: SUBMITTED_AT,
  reviewedAt: null,
  accountName: '临时名称',
  name: ENTERPRISE_DATA.name,
  data: ENTERPRISE_DATA,
  ...extra,
});

function queueRoutes(byStatus: Record<string, unknown[]> = { submitted: [record()] }) {
  return {
    ...formRoutes('ops'),
    ...fileRoutes(),
    'GET /api/ops/authentications': (call: Call) => {
      const records = byStatus[call.query.get('status') ?? ''] ?? [];
      return ok({ records, total: records.length });
    },
    [`GET /api/ops/authentications/${ID}`]: ok(record()),
  };
}

/** The drawer of the submission once its sections are shown. */
async function openReview(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await findButton(/^审\s*核$/));
  const drawer = await findPanel(`企业认证 · ${ENTERPRISE_DATA.name}`, 'drawer');
  await within(drawer).findByText('法定代表人');
  return drawer;
}

describe('review queue', () => {
  it('lists what waits for review, and each status on its tab', async () => {
    const rejected = record('rejected', { id: OTHER_ID, reason: '门头照片不清晰', reviewedAt: '2026-03-02T00:00:00.000Z', accountName: '乙公司', name: '乙公司' });
    const api = fakeApi({ ...queueRoutes({ submitted: [record()], rejected: [rejected] }), [`GET /api/ops/authentications/${OTHER_ID}`]: ok(rejected) });
    const { user } = renderPage(PAGE, OPS_USER);
    expect(await screen.findByText('认证审核')).toBeInTheDocument();
    const row = (await screen.findByText('临时名称')).closest('tr') as HTMLElement;
    expect(within(row).getByText(ENTERPRISE_DATA.name)).toBeInTheDocument();
    expect(within(row).getByText('企业认证')).toBeInTheDocument();
    expect(within(row).getByText(formatDateTime(SUBMITTED_AT))).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/ops/authentications')[0].query.toString()).toBe('pageNo=1&pageSize=10&status=submitted');

    await user.click(screen.getByText('已驳回', { selector: '.ant-tabs-tab-btn' }));
    expect(await screen.findByText('门头照片不清晰')).toBeInTheDocument();
    expect(screen.getByText('驳回原因', { selector: 'th' })).toBeInTheDocument();
    // A decided one opens read-only, with its reason.
    await user.click(await findButton(/^查\s*看$/));
    const drawer = await findPanel('企业认证 · 乙公司', 'drawer');
    expect(await within(drawer).findByText('门头照片不清晰')).toBeInTheDocument();
    expect(within(drawer).getByText('已驳回', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(queryButton(/^驳\s*回$/, drawer)).toBeNull();
    await user.click(drawer.querySelector('.ant-drawer-close') as HTMLElement);
    await user.click(screen.getByText('已通过', { selector: '.ant-tabs-tab-btn' }));
    expect(await screen.findByText('暂无已通过的认证')).toBeInTheDocument();
  });

  it('shows every section of a submission with images as thumbnails', async () => {
    fakeApi(queueRoutes());
    const { user } = renderPage(PAGE, OPS_USER);
    const drawer = await openReview(user);
    expect(within(drawer).getByText('企业认证 · 杭州链上付测试科技有限公司')).toBeInTheDocument();
    for (const section of ['审核信息', '企业信息', '法定代表人', '对公账户', '经营场所']) expect(within(drawer).getByText(section)).toBeInTheDocument();
    expect(within(drawer).getByText('临时名称')).toBeInTheDocument();
    expect(await within(drawer).findByText('信息传输、软件和信息技术服务业 / 软件和信息技术服务业')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getAllByAltText(/^photo-\d\.png$/)).toHaveLength(6));
    const images = within(drawer).getAllByAltText(/^photo-\d\.png$/);
    expect(images[0]).toHaveAttribute('src', expect.stringContaining(`/api/files/${ENTERPRISE_DATA.legalIdImages[0]}/content`));
    // antd's Image opens the picture large on a click.
    expect(images[0].closest('.ant-image')).toBeInTheDocument();
  });
});

describe('decisions', () => {
  it('rejects only with a reason of 2 to 200 characters', async () => {
    const api = fakeApi({ ...queueRoutes(), [`POST /api/ops/authentications/${ID}/reject`]: ok(record('rejected', { reason: '门头照片不清晰，请重新拍摄' })) });
    const { user } = renderPage(PAGE, OPS_USER);
    const drawer = await openReview(user);
    await user.click(await findButton(/^驳\s*回$/, drawer));
    const modal = await findPanel('驳回认证', 'modal');
    const rejectButton = () => findButton(/^驳\s*回$/, modal);

    await user.click(await rejectButton());
    expect(await within(modal).findByText('请输入驳回原因')).toBeInTheDocument();
    await user.type(within(modal).getByLabelText('驳回原因'), '   ');
    await user.click(await rejectButton());
    expect(await within(modal).findByText('请输入驳回原因')).toBeInTheDocument();
    await user.clear(within(modal).getByLabelText('驳回原因'));
    await user.type(within(modal).getByLabelText('驳回原因'), '糊');
    expect(await within(modal).findByText('驳回原因为 2～200 个字')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/ops/authentications/${ID}/reject`)).toHaveLength(0);

    await user.clear(within(modal).getByLabelText('驳回原因'));
    await user.type(within(modal).getByLabelText('驳回原因'), ' 门头照片不清晰，请重新拍摄 ');
    await user.click(await rejectButton());
    expect(await screen.findByText('已驳回，用户将看到驳回原因')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/ops/authentications/${ID}/reject`)[0].body).toEqual({ reason: '门头照片不清晰，请重新拍摄' });
    // The queue is asked again after the decision.
    await waitFor(() => expect(api.callsTo('GET', '/api/ops/authentications').length).toBeGreaterThan(1));
  });

  it('shows the server reason error on the reason field', async () => {
    fakeApi({ ...queueRoutes(), [`POST /api/ops/authentications/${ID}/reject`]: fail(400, '参数校验失败', { reason: '驳回原因不能超过 200 个字' }) });
    const { user } = renderPage(PAGE, OPS_USER);
    const drawer = await openReview(user);
    await user.click(await findButton(/^驳\s*回$/, drawer));
    const modal = await findPanel('驳回认证', 'modal');
    await user.type(within(modal).getByLabelText('驳回原因'), '资料不全');
    await user.click(await findButton(/^驳\s*回$/, modal));
    expect(await within(modal).findByText('驳回原因不能超过 200 个字')).toBeInTheDocument();
  });

  it('approves after confirmation', async () => {
    const api = fakeApi({ ...queueRoutes(), [`POST /api/ops/authentications/${ID}/approve`]: ok(record('approved')) });
    const { user } = renderPage(PAGE, OPS_USER);
    const drawer = await openReview(user);
    await user.click(await findButton(/^通\s*过$/, drawer));
    expect(await screen.findByText('通过后该账号即可使用交易功能，企业账号将更名为认证的企业名称。')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/ops/authentications/${ID}/approve`)).toHaveLength(0);
    await user.click(await findButton(/^确\s*定$/, document.querySelector('.ant-popover') ?? document));
    expect(await screen.findByText('认证已通过')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/ops/authentications/${ID}/approve`)).toHaveLength(1);
  });

  it('says "already reviewed, refresh" when someone else decided first', async () => {
    let reviewed = false;
    fakeApi({
      ...queueRoutes(),
      [`GET /api/ops/authentications/${ID}`]: () => ok(reviewed ? record('approved', { reviewedAt: '2026-03-02T00:00:00.000Z' }) : record()),
      [`POST /api/ops/authentications/${ID}/reject`]: () => {
        reviewed = true;
        return fail(409, '该认证已审核');
      },
    });
    const { user } = renderPage(PAGE, OPS_USER);
    const drawer = await openReview(user);
    await user.click(await findButton(/^驳\s*回$/, drawer));
    const modal = await findPanel('驳回认证', 'modal');
    await user.type(within(modal).getByLabelText('驳回原因'), '资料不全');
    await user.click(await findButton(/^驳\s*回$/, modal));
    expect(await within(drawer).findByText('该认证已被审核，请刷新后查看最新状态')).toBeInTheDocument();
    expect(queryButton(/^通\s*过$/, drawer)).toBeNull();
    await user.click(await findButton(/^刷\s*新$/, drawer));
    await waitFor(() => expect(within(drawer).queryByText('该认证已被审核，请刷新后查看最新状态')).toBeNull());
    expect(await within(drawer).findByText('已通过')).toBeInTheDocument();
  });
});
