// Where uploaded bytes live. The default keeps them on local disk under DATA_DIR/uploads; an
// object store can implement the same three calls for several server nodes.
import type { Readable } from 'node:stream';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}
