// A real local HTTP receiver of webhooks (node:http on 127.0.0.1) for the tests and the bench: it
// records every request it gets (path, headers, raw body, when) and answers as told: 200, a
// status (500), after a delay (slow), or not at all (down: its port closed, then up again on the
// same port).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** performance.now() when the body had arrived. */
  at: number;
}

export interface Receiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: Received[];
  /** What the next requests are answered: a status, after `delayMs`. */
  answer: { status: number; delayMs: number };
  /** Called with each request as it arrives. */
  onRequest?: (r: Received) => void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  let server: Server;
  let port = 0;
  const self: Receiver = {
    origin: '',
    received: [],
    answer: { status: 200, delayMs: 0 },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      await listen();
    },
    close: () => self.down(),
  };
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: performance.now() };
          self.received.push(r);
          self.onRequest?.(r);
          const { status, delayMs } = self.answer;
          setTimeout(() => res.writeHead(status, { 'content-type': 'text/plain' }).end('ok'), delayMs);
        });
      });
      server.keepAliveTimeout = 1000;
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        self.origin = `http://127.0.0.1:${port}`;
        resolve();
      });
    });
  await listen();
  return self;
}
