// The one thing a component needs from the console to read and write server data: refine with
// the real DataProviders (over the HTTP client, so fakeApi answers), for components rendered on
// their own (the schema-form widgets) rather than inside the whole app.
import { Refine } from '@refinedev/core';
import type { ReactNode } from 'react';
import { dataProviders } from '../../../src/web/providers/dataProviders';

export function RefineWrapper({ children }: { children: ReactNode }) {
  return (
    <Refine dataProvider={dataProviders} options={{ disableTelemetry: true, syncWithLocation: false }}>
      {children}
    </Refine>
  );
}
