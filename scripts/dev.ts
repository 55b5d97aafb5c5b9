// npm run dev: the API server (tsx watch) on 8080 and Vite with HMR on 5173, which proxies /api.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './lib/web-build';

const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);
const children = [
  spawn(bin('tsx'), ['watch', 'src/server/main.ts'], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, WEB_DIST: '' } }),
  spawn(bin('vite'), ['--config', 'vite.config.ts'], { cwd: repoRoot, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
