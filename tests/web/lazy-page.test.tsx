import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../src/shared/constants';
import { lazyPage } from '../../src/web/navigation/lazyPage';
import { RouteErrorBoundary } from '../../src/web/navigation/RouteErrorBoundary';
import '../../src/web/i18n';

function Page() {
  return <p>页面内容</p>;
}

function mount(Lazy: ReturnType<typeof lazyPage>) {
  render(
    <Suspense fallback={<span>loading texts</span>}>
      <RouteErrorBoundary>
        <Suspense fallback={<span>loading page</span>}>
          <Lazy />
        </Suspense>
      </RouteErrorBoundary>
    </Suspense>,
  );
}

// React reports the error a boundary caught through console.error; here that error is the point.
const quietBoundary = () => vi.spyOn(console, 'error').mockImplementation(() => {});
afterEach(() => vi.restoreAllMocks());

describe('lazy route chunks (SPEC §8: 120 s)', () => {
  it('turns a download that takes over 120 s into a retry, which downloads it again', async () => {
    quietBoundary();
    let attempts = 0;
    const Lazy = lazyPage(() => {
      attempts += 1;
      return attempts === 1 ? new Promise<never>(() => {}) : Promise.resolve({ default: Page });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mount(Lazy);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    vi.useRealTimers();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('页面加载失败，请检查网络后刷新重试');
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('页面内容')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('offers the same retry when the chunk fails to download', async () => {
    quietBoundary();
    let attempts = 0;
    const Lazy = lazyPage(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : Promise.resolve({ default: Page });
    });
    mount(Lazy);
    await userEvent.click(await screen.findByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('页面内容')).toBeInTheDocument();
  });
});
