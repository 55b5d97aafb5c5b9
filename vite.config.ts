import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { variantPlugin } from './scripts/lib/vite-variant';

// One front end, several variants (SPEC §1): each builds into its own folder so the
// server can serve any of them. VARIANT is read at build time only.
const variant = process.env.VARIANT || 'main';
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), variantPlugin(fromRoot('./'), variant)],
  server: {
    // The locale JSON lives in src/shared (the server reads it too), outside the web root.
    fs: { allow: [fromRoot('./')] },
    proxy: { '/api': { target: 'http://127.0.0.1:8080' } },
  },
  build: {
    outDir: fromRoot(`./dist/web/${variant}`),
    emptyOutDir: true,
    // scripts/measure-bundle.ts reads the manifest to report what the login route loads.
    manifest: true,
  },
});
