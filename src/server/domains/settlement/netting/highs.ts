// The HiGHS solver (npm `highs`, WebAssembly), loaded once per process and reused: loading
// compiles about 3 MB of WebAssembly (~0.1-0.2 s); every solve after that only builds a model.
import loadHighs, { type Highs } from 'highs';

let loading: Promise<Highs> | null = null;

/** The process's one HiGHS runtime. A failed load is not cached, so the next call retries. */
export function highsSolver(): Promise<Highs> {
  loading ??= loadHighs().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
