// The console built for the mutual-promise variant (VARIANT=xhn): the variant module is what the
// build swaps (scripts/lib/vite-variant.ts), so mocking it gives the xhn build.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getVariant } from '../../src/shared/menu';
import { ok } from './support/fakeApi';
import { findActivePane, openShell } from './support/shell';

vi.mock('../../src/web/variant', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/web/variant')>();
  const xhn = getVariant('xhn');
  return {
    ...actual,
    VARIANT_ID: 'xhn',
    VARIANT: xhn,
    signsInOnMainPlatform: () => true,
    configuredMainLogin: () => (typeof xhn.loginMode === 'object' ? xhn.loginMode.mainPlatform : null),
  };
});

describe('the xhn (mutual-promise) build', { timeout: 40_000 }, () => {
  it('asks its own agreement endpoint and platform, and counts its todos with businessType 1', async () => {
    const { api } = openShell('/home', {
      'GET /api/system/LoginPlatform/mutualGetAgreement': ok({ platform: 'xhn', version: '2026.11', agreed: true, agreedAt: '2026-11-01T00:00:00.000Z', title: '互信承诺服务协议', sections: [] }),
      'POST /api/system/newTodo/todoCount': ok(2),
    });
    await findActivePane();
    await waitFor(() => expect(api.callsTo('GET', '/api/system/notice/unread')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/system/LoginPlatform/lsfGetAgreement')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/system/LoginPlatform/mutualGetAgreement')[0].query.get('platform')).toBe('xhn');
    expect(api.callsTo('GET', '/api/system/notice/unread')[0].query.get('platform')).toBe('xhn');
    await waitFor(() => expect(api.callsTo('POST', '/api/system/newTodo/todoCount')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/system/newTodo/todoCount')[0].body).toEqual({ businessType: '1' });
    expect(api.callsTo('POST', '/api/system/newTodo/todoList')[0].body).toMatchObject({ businessType: '1' });
    // Its brand, title and menu.
    await waitFor(() => expect(document.title).toBe('首页 - 链上付·互诺'));
    expect(screen.getByRole('link', { name: '链上付·互诺' })).toBeInTheDocument();
    expect(screen.getByText('互联结算：只结净额，资金更高效')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发起互诺发盘' })).toBeInTheDocument();
  });
});
