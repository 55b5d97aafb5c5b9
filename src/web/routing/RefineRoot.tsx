import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import '../i18n/dayjsLocale';
import { i18nProvider } from '../i18n/i18nProvider';
import { SLOTS } from '../pages/slots';
import { authProvider } from '../providers/authProvider';
import { dataProviders } from '../providers/dataProviders';
import { SlotProvider } from '../resources/slots';
import { SignedInArea } from './SignedInArea';
import { accessControlProvider } from '../refine/accessControl';
import { REFINE_RESOURCES } from '../refine/resources';

/**
 * The one <Refine>: everything behind sign-in lives inside it. It is loaded on the way to
 * the console, not on the way to the login form, which keeps refine's runtime (react-query,
 * qs, papaparse, lodash) out of the first download.
 *
 * The domain pages' contents of the generic resource pages' slots (pages/slots.tsx) come
 * with it, as one more plain object.
 *
 * No notificationProvider on purpose: the HTTP client already notifies per SPEC §8, and a
 * second layer would report each failure twice.
 */
export default function RefineRoot() {
  return (
    <Refine
      routerProvider={routerProvider}
      authProvider={authProvider}
      dataProvider={dataProviders}
      i18nProvider={i18nProvider}
      accessControlProvider={accessControlProvider}
      resources={REFINE_RESOURCES}
      options={{ disableTelemetry: true, syncWithLocation: false }}
    >
      <SlotProvider registry={SLOTS}>
        <SignedInArea />
      </SlotProvider>
    </Refine>
  );
}
