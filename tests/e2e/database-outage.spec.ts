/**
 * docs/reliability.md, "When the database goes away", for pages: while the database refuses
 * connections (the embedded server restarting, a failover), a server-rendered page answers 503
 * with Retry-After, like the API, instead of a 500; and it serves again once the database is back.
 */
import pg from 'pg';
import { startCluster, type Cluster } from '../support/deploy-cluster.ts';
import { expect, test } from '../support/fixtures.ts';

const basePort = Number(process.env['E2E_PORT']) + 300;

let cluster: Cluster;
let output = '';
test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster({
    basePort,
    origins: 1,
    edge: false,
    env: { LOG_LEVEL: 'error' },
    output: (text) => (output += text),
  });
});
test.afterAll(async () => {
  await cluster?.stop();
});

/** Runs `statement` on the server's maintenance database, as its superuser. */
async function admin(statement: string) {
  // postgresql://user@/database?host=/socket/folder&port=…
  const [, database = ''] = /@\/([^?]+)/.exec(cluster.databaseUrl) ?? [];
  const client = new pg.Client({
    connectionString: cluster.databaseUrl.replace(`@/${database}?`, '@/postgres?'),
  });
  await client.connect();
  try {
    await client.query(statement.replaceAll('$database', database));
  } finally {
    await client.end();
  }
}

/** The server's log lines about failed pages; throws on any line that is not JSON. */
function pageFailures(text: string): { url?: string; stack?: string }[] {
  const pages = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { msg?: string; url?: string; stack?: string });
  return pages.filter((line) => line.msg?.startsWith('page failed: '));
}

const page = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${cluster.originUrl(0)}${path}`, { headers: { cookie: 'locale=en-US', ...headers } });

test('a page answers 503 with Retry-After while the database is away, then serves again', async () => {
  await admin('alter database $database allow_connections false');
  await admin("select pg_terminate_backend(pid) from pg_stat_activity where datname = '$database'");
  try {
    output = '';
    const refused = await page('/en-US/datasets');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.text()).toContain('Internal Server Error');
    // A crawler gets the status alone, and so knows to come back.
    const crawler = await page('/en-US/leaderboard', { 'user-agent': 'Googlebot/2.1' });
    expect(crawler.status).toBe(503);
    expect(await crawler.text()).toBe('');
    // Each failed page is one JSON line of the server's log, its stack trace inside it.
    const failures = pageFailures(output);
    expect(failures.map((line) => line.url)).toEqual(['/en-US/datasets', '/en-US/leaderboard']);
    expect(failures[0]?.stack).toContain('\n    at ');
  } finally {
    await admin('alter database $database allow_connections true');
  }
  await expect.poll(async () => (await page('/en-US/datasets')).status).toBe(200);
});
