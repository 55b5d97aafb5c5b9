// Starts downloading a named lazy chunk together with the entry: Vite preloads only the entry's
// static imports, so a page loaded with React.lazy would otherwise be requested only after the
// entry has arrived and run (one more round trip before the first page shows).
import type { Plugin } from 'vite';

export function preloadChunkPlugin(chunkName: string): Plugin {
  return {
    name: 'lsf-preload-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((output) => output.type === 'chunk' && output.name === chunkName);
        if (!chunk) throw new Error(`preloadChunkPlugin: no chunk named ${chunkName} in the build`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
