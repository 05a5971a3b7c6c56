/**
 * BENCH_CPU_PROF=<folder>: a CPU profile of the main thread while one scenario is measured, one
 * `.cpuprofile` per scenario (open in Chrome's DevTools or any cpuprofile viewer). The load
 * comes from a worker thread, which is not in the profile.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const FOLDER = process.env['BENCH_CPU_PROF'];

/** Runs `work`, profiled into FOLDER/<name>.cpuprofile when BENCH_CPU_PROF is set. */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!FOLDER) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await mkdir(FOLDER, { recursive: true });
    const file = `${name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')}.cpuprofile`;
    await writeFile(path.join(FOLDER, file), JSON.stringify(profile));
  }
}
