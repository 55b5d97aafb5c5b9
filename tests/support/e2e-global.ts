// Global setup of the e2e project: find Chromium and build the console of every variant the
// journeys serve (main; xhn and jjsk in shell, clearing and payment requests; all of them in the
// demo journey), each only when its sources are newer than its build, so no journey builds one.
// With CI=true a missing Chromium fails the run; elsewhere the browser tests skip and say why.
import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { VARIANT_IDS } from '../../src/shared/menu';
import { buildWeb } from '../../scripts/lib/web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string | null;
  }
}

export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p)) ?? null;
}

export default async function setup(project: TestProject) {
  const chromium = findChromium();
  if (!chromium && process.env.CI === 'true') throw new Error('CI=true but no Chromium: install the apt package chromium (or set CHROME_PATH).');
  if (!chromium) console.warn('[e2e] no Chromium found (apt package chromium or CHROME_PATH): browser tests skipped.');
  // One at a time: a build reads the variant from the environment (scripts/lib/web-build.ts).
  if (chromium) for (const variant of VARIANT_IDS) await buildWeb(variant, { quiet: true });
  project.provide('chromiumPath', chromium);
}
