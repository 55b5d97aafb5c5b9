// The app frame the one HTTP client reports through (router, antd locale, notification bridge),
// for tests of the client and of what is built on it (src/web/providers/http.ts, simpleRestClient.ts).
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { expect } from 'vitest';
import { AntdLocale } from '../../../src/web/theme/AntdLocale';
import { HttpError } from '../../../src/web/providers/http';
import { UiBridge } from '../../../src/web/routing/UiBridge';

function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/** Mounts the frame at `path`; the current location is the text of test id `location`. */
export async function mountAt(path: string) {
  window.history.replaceState(null, '', path);
  render(
    <BrowserRouter>
      <Suspense fallback={null}>
        <AntdLocale>
          <UiBridge />
          <LocationProbe />
        </AntdLocale>
      </Suspense>
    </BrowserRouter>,
  );
  await screen.findByTestId('location');
}

/** Awaits a call the client must refuse and answers the HttpError it rejected with. */
export async function rejection(call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}
