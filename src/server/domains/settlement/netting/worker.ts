// HiGHS in a worker thread, for the server: a solve is synchronous WebAssembly (0.2-0.5 s at
// 10,000 bills, seconds the first time while V8 optimises HiGHS's hot code), and in a worker it
// neither blocks the API's event loop nor pays that first-time cost inside a clearing run when
// the worker was warmed up at start (warmNettingWorker). One worker per process, started on first
// use, referenced only while a solve is under way so an idle worker never keeps the process alive. The worker's code is plain JavaScript given
// as text (the server is one bundled file, so there is no worker file to point at); it loads
// `highs` from node_modules like the main thread does.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { ModelData } from 'highs';

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const ready = require(workerData.highsPath)();
parentPort.on('message', async ({ id, model }) => {
  try {
    const highs = await ready;
    const values = highs.withModel(model, (m) => {
      m.options.set({ output_flag: false });
      const { modelStatus } = m.run();
      if (modelStatus !== highs.constants.modelStatus.optimal) throw new Error('netting: HiGHS ended with model status ' + modelStatus + ', not optimal');
      return m.getSolution().colValue;
    });
    parentPort.postMessage({ id, values }, [values.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

interface Pending {
  resolve: (values: Float64Array) => void;
  reject: (error: Error) => void;
}

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

/** The worker died: its solves fail, and the next solve starts a new worker. */
function failAll(dead: Worker, error: Error) {
  if (worker !== dead) return; // an earlier worker's late 'exit' after its 'error'
  worker = null;
  for (const p of pending.values()) p.reject(error);
  pending.clear();
}

function solverWorker(): Worker {
  if (worker) return worker;
  const highsPath = createRequire(import.meta.url).resolve('highs');
  const started = new Worker(WORKER_CODE, { eval: true, workerData: { highsPath } });
  started.unref();
  started.on('message', ({ id, values, error }: { id: number; values?: Float64Array; error?: string }) => {
    const p = pending.get(id);
    pending.delete(id);
    if (!pending.size) started.unref();
    if (error !== undefined) p?.reject(new Error(error));
    else p?.resolve(values!);
  });
  started.on('error', (error) => failAll(started, error));
  started.on('exit', (code) => failAll(started, new Error(`netting: the solver worker stopped (exit code ${code})`)));
  return (worker = started);
}

/** Solves the model in the worker; answers the column values (as runHighs does in-process). */
export function runHighsInWorker(model: ModelData): Promise<Float64Array> {
  const target = solverWorker();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // Referenced only while a solve is under way: the process waits for it, and for nothing else.
    target.ref();
    target.postMessage({ id, model });
  });
}

/** Stops the worker (a solve under way fails); the next solve starts a new one. */
export async function stopNettingWorker(): Promise<void> {
  const running = worker;
  if (running) await running.terminate();
}
