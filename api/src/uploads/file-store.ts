// Where uploaded files (event banners) live: outside the database rows, behind this small
// interface, so a directory today can become an object store without touching the callers.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Keys are what the API makes: base64url ids (no dots or slashes, so never a path). */
const KEY = /^[A-Za-z0-9_-]{1,128}$/;

export interface FileStore {
  /** Stores `bytes` under `key` (replacing nothing: keys are never reused). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Forgets `key` (nothing happens when it is not there). */
  remove(key: string): Promise<void>;
}

/** The development and default location: the repository's git-ignored .data/ folder. */
export const DEFAULT_UPLOADS_DIR = path.resolve(__dirname, '../../../.data/uploads');

function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a file store key: ${JSON.stringify(key.slice(0, 40))}`);
  return key;
}

/**
 * A directory on local disk. A file is written under a temporary name and renamed into place,
 * so a reader never sees half of it, and several API processes can share the directory.
 */
export function directoryStore(dir: string = DEFAULT_UPLOADS_DIR): FileStore {
  let ready: Promise<unknown> | null = null;
  const ensureDir = (): Promise<unknown> => (ready ??= mkdir(dir, { recursive: true, mode: 0o700 }));
  return {
    async put(key, bytes) {
      const file = path.join(dir, checkKey(key));
      await ensureDir();
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(tmp, bytes, { mode: 0o600, flag: 'wx' });
      try {
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await readFile(path.join(dir, checkKey(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(key) {
      await rm(path.join(dir, checkKey(key)), { force: true });
    },
  };
}
