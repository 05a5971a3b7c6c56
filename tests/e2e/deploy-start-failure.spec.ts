/**
 * The deployment tests' cluster (tests/support/deploy-cluster.ts) when a part of it cannot start,
 * here because another program holds its port: the start fails with that part's error, and
 * nothing it started is left running (PostgreSQL, the Sheaf processes, nginx) or on disk.
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster, type Cluster } from '../support/deploy-cluster.ts';
import { expect, test } from '../support/fixtures.ts';

const basePort = Number(process.env['E2E_PORT']) + 400;
const address = (port: number) => `http://127.0.0.1:${port}`;

/** The processes (other than this one) whose command line or environment names `folder`. */
function processesNaming(folder: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1');
      const environ = readFileSync(`/proc/${name}/environ`, 'latin1');
      if (cmdline.includes(folder) || environ.includes(folder)) found.push(Number(name));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/**
 * Holds `port` on 127.0.0.1 as another program would, keeping the connections it is sent without
 * ever answering; the answer lets it go.
 */
async function holdPort(port: number): Promise<() => Promise<void>> {
  const connections = new Set<Socket>();
  const server = createServer((socket) => connections.add(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return async () => {
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
}

/**
 * Runs `start` with the system's temporary folder set to a new one of its own (the cluster's
 * folder goes in it, and every process it starts has it in its environment), and answers that
 * folder; the folder is removed after the test.
 */
const folders: string[] = [];
async function inOwnTemp<T>(start: () => Promise<T>): Promise<{ folder: string; result: T }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'sheaf-cluster-test-'));
  folders.push(folder);
  // PostgreSQL runs as another user, which must pass through it (as through the system's own).
  chmodSync(folder, 0o711);
  const before = process.env['TMPDIR'];
  process.env['TMPDIR'] = folder;
  try {
    return { folder, result: await start() };
  } finally {
    if (before === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = before;
  }
}

/** What startCluster threw (it must throw). */
const failure = (promise: Promise<Cluster>) =>
  promise.then(
    (cluster) => cluster.stop().then(() => new Error('the cluster started')),
    (error: unknown) => error as Error,
  );

test.describe.configure({ mode: 'serial' });
test.beforeEach(() => test.setTimeout(180_000));
test.afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

test('a cluster that started runs processes naming its folder, and stop ends them and removes it', async () => {
  const { folder, result: cluster } = await inOwnTemp(() =>
    startCluster({ basePort, origins: 1, edge: false }),
  );
  expect(readdirSync(folder)).toEqual([expect.stringMatching(/^sheaf-cluster-/)]);
  // The Sheaf process and PostgreSQL's (its server and the server's own processes).
  expect(processesNaming(folder).length).toBeGreaterThanOrEqual(2);
  expect((await fetch(`${cluster.url}/api/v1/health`)).status).toBe(200);
  await cluster.stop();
  expect(processesNaming(folder)).toEqual([]);
  expect(readdirSync(folder)).toEqual([]);
});

test("nginx's port held: the start fails as nginx exits, and the origins and PostgreSQL are stopped", async () => {
  const release = await holdPort(basePort);
  try {
    const { folder, result: error } = await inOwnTemp(() =>
      failure(startCluster({ basePort, origins: 2 })),
    );
    expect(error.message).toBe(`${address(basePort)}: its process exited (1)`);
    expect(processesNaming(folder)).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
  } finally {
    await release();
  }
});

test("an origin's port held: the start fails as it exits, and the other origin is stopped", async () => {
  const release = await holdPort(basePort + 2);
  try {
    const { folder, result: error } = await inOwnTemp(() =>
      failure(startCluster({ basePort, origins: 2 })),
    );
    expect(error.message).toBe(`${address(basePort + 2)}: its process exited (1)`);
    expect(processesNaming(folder)).toEqual([]);
    expect(readdirSync(folder)).toEqual([]);
  } finally {
    await release();
  }
});
