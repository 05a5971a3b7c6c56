import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DERIVED_SUFFIXES, type BlobStore } from './store.ts';

/** Blobs as files under `root/ab/cdef…`; temporary files under `root/tmp`. */
export async function createFsBlobStore(folder: string): Promise<BlobStore> {
  const root = path.resolve(folder);
  const tmp = path.join(root, 'tmp');
  await mkdir(tmp, { recursive: true });
  await rm(tmp, { recursive: true, force: true });
  await mkdir(tmp, { recursive: true });
  const fileOf = (sha: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`not a sha256: ${sha}`);
    return path.join(root, sha.slice(0, 2), sha.slice(2));
  };
  return {
    root,
    derivedPath: (sha, suffix) => fileOf(sha) + suffix,
    async putDerived(tempPath, sha, suffix) {
      const target = fileOf(sha) + suffix;
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempPath, target);
    },
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
      for (const suffix of DERIVED_SUFFIXES) await rm(fileOf(sha) + suffix, { force: true });
      await rm(fileOf(sha), { force: true });
    },
    async *list() {
      for (const dir of await readdir(root)) {
        if (!/^[0-9a-f]{2}$/.test(dir)) continue;
        for (const name of await readdir(path.join(root, dir))) {
          const sha256 = dir + name;
          if (!/^[0-9a-f]{64}$/.test(sha256)) continue;
          const info = await stat(fileOf(sha256)).catch(() => null);
          if (info) yield { sha256, writtenAt: info.mtime };
        }
      }
    },
  };
}
