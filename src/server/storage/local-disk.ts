// Local-disk storage: random keys (never user-given names) fanned out into two levels of
// folders so no folder grows huge; writes go to a temp file first and are renamed into place.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FileStorage } from './index';

const KEY_RE = /^[a-f0-9]{32}$/;

export function newStorageKey(): string {
  return randomBytes(16).toString('hex');
}

export function localDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error('bad storage key');
    return path.join(root, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(tmp, data, { mode: 0o600 });
      await fs.promises.rename(tmp, file);
    },
    async get(key) {
      return fs.createReadStream(fileOf(key));
    },
    async remove(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
