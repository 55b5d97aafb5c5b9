// What the server log may hold (issue 10): never passwords, SMS codes, tokens or record data.
// Request lines carry the method and path, not the query string or headers; errors carry their
// class, SQLSTATE, statement text and stack frames, but not the bound parameters a database
// driver attaches (`params`, `parameters`, `query` values) nor quoted values inside messages.
import type { FastifyServerOptions } from 'fastify';

/** Where log lines go (a pino destination); tests pass one to read the log. */
export interface LogStream {
  write(line: string): void;
}

export interface SafeError {
  [key: string]: unknown;
  type: string;
  message: string;
  code?: string;
  sql?: string;
  /** Stack frames only. */
  stack: string;
}

/** Message text without the parameter list drizzle appends and without quoted values. */
const scrubMessage = (m: string) =>
  m
    .replace(/\nparams:[\s\S]*$/, '')
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/\((?:[^()]|\([^()]*\))*\)=\((?:[^()]|\([^()]*\))*\)/g, '(…)=(…)');

export function safeError(err: unknown): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  // The driver's error (the cause of drizzle's wrapper) names the SQL problem.
  const root = err.cause instanceof Error ? err.cause : err;
  const rec = root as unknown as Record<string, unknown>;
  const code = typeof rec.code === 'string' ? rec.code : undefined;
  const failed = /^Failed query: ([\s\S]*?)(?:\nparams:|$)/.exec(err.message);
  const out: SafeError = {
    type: root === err ? err.constructor.name : `${err.constructor.name}(${root.constructor.name})`,
    message: scrubMessage(root.message),
    // Frames only: the first stack line repeats the unscrubbed message.
    stack: (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)).join('\n'),
  };
  if (code) out.code = code;
  if (failed) out.sql = failed[1];
  return out;
}

interface RequestLike {
  method?: string;
  url?: string;
  id?: string;
}

/** Fastify logger options: info level, the safe serializers, optionally into `stream`. */
export function loggerOptions(enabled: boolean, stream?: LogStream): FastifyServerOptions['logger'] {
  if (!enabled && !stream) return false;
  return {
    level: 'info',
    ...(stream ? { stream } : {}),
    serializers: {
      err: safeError,
      error: safeError,
      req: (req: RequestLike) => ({ id: req.id, method: req.method, path: String(req.url ?? '').split('?')[0] }),
    },
  };
}
