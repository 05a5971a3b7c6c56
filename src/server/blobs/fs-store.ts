import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from './store.ts';

/** Blobs as files under `root/ab/cdef…`; temporary files under `root/tmp`. */
export async function createFsBlobStore(root: string): Promise<BlobStore> {
  const tmp = path.join(root, 'tmp');
  await mkdir(tmp, { recursive: true });
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  const fileOf = (sha: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`not a sha256: ${sha}`);
    return path.join(root, sha.slice(0, 2), sha.slice(2));
  };
  return {
    tempPath: () => path.join(tmp, randomUUID()),
    async putFile(tempPath, sha) {
      const target = fileOf(sha);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempPath, target);
    },
    async has(sha) {
      try {
        await access(fileOf(sha));
        return true;
      } catch {
        return false;
      }
    },
    read: (sha) => createReadStream(fileOf(sha)),
    async delete(sha) {
      await rm(fileOf(sha), { force: true });
    },
  };
}
