import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { isAlive } from '../lib/data-dir.ts';
import { DERIVED_SUFFIXES, derivedFileOf, type BlobStore } from './store.ts';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Removes the temporary folders of processes of this machine that are gone (a process killed in
 * the middle of an upload leaves its partial file). Folders of live processes, and of other
 * machines sharing the folder, stay.
 */
async function removeDeadTempFolders(tmpRoot: string): Promise<void> {
  const prefix = `${hostname()}-`;
  for (const name of await readdir(tmpRoot)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) {
      await rm(path.join(tmpRoot, name), { recursive: true, force: true });
    }
  }
}

/**
 * Every file name under `root/ab/`, as `ab` and the rest: a blob's sha256, with its suffix if
 * derived.
 */
async function* storedNames(root: string): AsyncIterable<string> {
  for (const dir of await readdir(root)) {
    if (!/^[0-9a-f]{2}$/.test(dir)) continue;
    for (const name of await readdir(path.join(root, dir))) yield dir + name;
  }
}

/**
 * Blobs as files under `root/ab/cdef…`; temporary files under `root/tmp/<host>-<pid>`, so that
 * several processes (on one or more machines) can share one folder (BLOB_STORE=file://…).
 */
export async function createFsBlobStore(folder: string): Promise<BlobStore> {
  const root = path.resolve(folder);
  const tmpRoot = path.join(root, 'tmp');
  const tmp = path.join(tmpRoot, `${hostname()}-${process.pid}`);
  await mkdir(tmpRoot, { recursive: true });
  await removeDeadTempFolders(tmpRoot);
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
    hasDerived: (sha, suffix) => exists(fileOf(sha) + suffix),
    fetchDerived: (sha, suffix) => exists(fileOf(sha) + suffix),
    tempPath: () => path.join(tmp, randomUUID()),
    async putFile(tempPath, sha) {
      const target = fileOf(sha);
      await mkdir(path.dirname(target), { recursive: true });
      // Stored anew: derived files an earlier copy left (a build that finished after its
      // release) are built again rather than trusted, so the sweep never takes one in use.
      for (const suffix of DERIVED_SUFFIXES) await rm(target + suffix, { force: true });
      await rename(tempPath, target);
    },
    has: (sha) => exists(fileOf(sha)),
    read: (sha) => createReadStream(fileOf(sha)),
    async delete(sha) {
      for (const suffix of DERIVED_SUFFIXES) await rm(fileOf(sha) + suffix, { force: true });
      await rm(fileOf(sha), { force: true });
    },
    async *list() {
      for await (const name of storedNames(root)) {
        if (!/^[0-9a-f]{64}$/.test(name)) continue;
        const info = await stat(fileOf(name)).catch(() => null);
        if (info) yield { sha256: name, writtenAt: info.mtime };
      }
    },
    async *listDerived() {
      for await (const name of storedNames(root)) {
        const derived = derivedFileOf(name);
        if (!derived) continue;
        const info = await stat(fileOf(derived.sha256) + derived.suffix).catch(() => null);
        if (info) yield { ...derived, writtenAt: info.mtime };
      }
    },
    async deleteDerived(sha, suffix, writtenBefore) {
      const file = fileOf(sha) + suffix;
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime >= writtenBefore) return false;
      await rm(file, { force: true });
      return true;
    },
  };
}
