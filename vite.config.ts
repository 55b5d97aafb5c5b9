import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { leanLibrariesPlugin } from './scripts/lib/vite-lean-libraries.ts';
import { preloadChunkPlugin } from './scripts/lib/vite-preload.ts';
import { resourceGatesPlugin } from './scripts/lib/vite-resource-gates.ts';
import { variantPlugin } from './scripts/lib/vite-variant.ts';

// One front end, several variants (SPEC §1): each builds into its own folder so the
// server can serve any of them. VARIANT is read at build time only.
const variant = process.env.VARIANT || 'main';
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('./src/web'),
  plugins: [react(), variantPlugin(fromRoot('./'), variant), resourceGatesPlugin(fromRoot('./')), preloadChunkPlugin('signin'), leanLibrariesPlugin()],
  resolve: {
    // One copy of the icons: @refinedev/antd asks for @ant-design/icons 5 and would bring its own
    // (with its own colour helpers) into every list page; the named icons it imports are the same in 6.
    dedupe: ['@ant-design/icons'],
  },
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
    // Size budgets are gzip figures checked by scripts/measure-bundle.ts, not Vite's raw 500 kB hint.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      treeshake: {
        // Packages whose package.json does not say they are free of side effects, though importing
        // them does nothing but define: without this, a library that imports them at its top keeps
        // them in the page whether or not the page uses them (refine's core imports papaparse for
        // its CSV export and import, @refinedev/antd react-markdown for its MarkdownField).
        moduleSideEffects: [{ test: /node_modules\/(rc-[^/]+|@rc-component\/[^/]+|error-stack-parser|stackframe|pluralize|papaparse|react-markdown|remark-gfm|micromark[^/]*|mdast-util-[^/]*|unified|vfile[^/]*|property-information|hast-[^/]*|unist-[^/]*|comma-separated-tokens|space-separated-tokens|style-to-object|inline-style-parser|bail|trough|is-plain-obj|extend|ccount|markdown-table|decode-named-character-reference|character-entities[^/]*|zwitch|longest-streak|escape-string-regexp|devlop|html-url-attributes|trim-lines)\//, sideEffects: false }],
      },
      output: {
        // The first page must not wait on a cascade of small chunks (issue 10: the login route
        // loaded 49 scripts in four dependent waves). Everything the entry imports statically
        // is the entry chunk; the sign-in layout and login form (what most first visits show)
        // are one `signin` chunk that index.html preloads beside the entry; the console frame
        // (refine root and main layout with what they import) is one `console` chunk that
        // main.tsx starts loading with the entry on console paths; every page stays its own
        // lazy chunk.
        codeSplitting: {
          groups: [
            { name: 'entry', tags: ['$initial'], priority: 20 },
            { name: 'signin', test: /src\/web\/(layouts\/AuthLayout|pages\/auth\/login\/)/, priority: 10 },
            { name: 'console', test: /src\/web\/(routing\/RefineRoot|shell\/MainLayout)\.tsx$/, priority: 5 },
          ],
        },
      },
    },
  },
});
