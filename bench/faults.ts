/**
 * `npm run bench -- faults` (not in `npm test`): the real server on a fresh DATA_DIR with the
 * embedded PostgreSQL, put through a fuzz of every API operation, an immediate stop of its
 * database under load, a kill in the middle of a publish, a full disk, and a memory soak
 * (FAULTS_SOAK_SECONDS, default 600), and bounded table work (FAULTS_ONLY=bounds; not in the
 * default list: it publishes a 1,000,000-row table twice). Prints requests, answers by status, recovery times and
 * RSS; figures are kept in docs/reliability.md. The site is loaded too when it is built.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bounds } from './faults-bounds.ts';
import { fullDisk } from './faults-disk.ts';
import { fuzz } from './faults-fuzz.ts';
import { killDatabase, killPublish } from './faults-kills.ts';
import { freePort, signUp, startServer } from './faults-server.ts';
import { soak } from './faults-soak.ts';
import type { BenchFigure, BenchReport } from './report.ts';

/** FAULTS_ONLY=fuzz,soak runs only those scenarios. */
const only = (process.env['FAULTS_ONLY'] ?? 'fuzz,database,publish,disk,soak').split(',');

export async function runFaultsBench(): Promise<BenchReport> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sheaf-faults-'));
  const port = await freePort();
  let server = await startServer(dataDir, port);
  const figures: BenchFigure[] = [];
  const run = async (name: string, scenario: () => Promise<BenchFigure[]>) => {
    if (!only.includes(name)) return;
    console.log(`faults: ${name}`);
    figures.push(...(await scenario()));
  };
  try {
    const auth = await signUp(server.base, 'faults');
    await run('fuzz', () => fuzz(server, auth));
    await run('database', () => killDatabase(server));
    await run('publish', async () => {
      const killed = await killPublish(server, auth, port);
      server = killed.server;
      return killed.figures;
    });
    await run('disk', fullDisk);
    await run('soak', async () => soak(server, await signUp(server.base, 'soak')));
    await run('bounds', async () => bounds(server, await signUp(server.base, 'bounds')));
    return { title: 'Faults (the real server, embedded PostgreSQL)', figures };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
