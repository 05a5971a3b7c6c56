import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountSite } from '../../src/server/site/mount.ts';
import type { SiteServices } from '../../src/server/site/services.ts';

const pageLog = pathToFileURL(path.resolve('src/server/site/page-log.ts')).href;
const lines: Record<string, unknown>[] = [];
const logger: FastifyBaseLogger = pino(
  { level: 'info' },
  { write: (line: string) => lines.push(JSON.parse(line) as never) },
);
const app = Fastify({ loggerInstance: logger });
let dir: string;

// A built site whose page fails as Astro does: it logs the stack through its logger (the one
// astro.config.mjs names), then answers with the 500 page (503 while the database is away).
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'sheaf-dist-'));
  mkdirSync(path.join(dir, 'client'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    `import pageLog from ${JSON.stringify(pageLog)};
const astroLog = pageLog({ level: 'info' });
export const handler = async (req, res) => {
  astroLog.write({ level: 'error', label: null, newLine: true,
    message: 'Error: connect ECONNREFUSED 127.0.0.1:5432\\n    at TCPConnectWrap.afterConnect (node:net:1637:16)' });
  res.statusCode = 503;
  res.setHeader('retry-after', '2');
  res.end('<!doctype html><p>Unavailable</p>');
};
`,
  );
  await app.register(cookie);
  await mountSite(app, { distDir: dir, services: {} as SiteServices, secureCookies: false });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a server-rendered page that fails', () => {
  it("logs Astro's error as one JSON line of the server's log, with the request and the stack", async () => {
    lines.length = 0;
    const res = await app.inject({
      url: '/en-US/datasets',
      headers: { cookie: 'locale=en-US' },
    });
    expect(res.statusCode, res.body).toBe(503);
    const failures = lines.filter((l) => l['level'] === 50);
    expect(failures).toEqual([
      expect.objectContaining({
        reqId: expect.any(String),
        url: '/en-US/datasets',
        msg: 'page failed: Error: connect ECONNREFUSED 127.0.0.1:5432',
        stack:
          'Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect (node:net:1637:16)',
      }),
    ]);
  });
});
