import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { mountSite } from '../../src/server/site/mount.ts';
import type { SiteServices } from '../../src/server/site/services.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const distDir = tempDirs('sheaf-dist-');

/** A built site whose /build.json says it was built for `site`. */
function distFor(site: string | undefined): string {
  const dir = distDir();
  mkdirSync(path.join(dir, 'client'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'client', 'build.json'), JSON.stringify({ build_id: 'b1', site }));
  writeFileSync(
    path.join(dir, 'server', 'entry.mjs'),
    'export const handler = async (req, res) => res.end("page");\n',
  );
  return dir;
}

/**
 * Starts a server on `distDir` with PUBLIC_SITE_URL `siteUrl`, asks for the home page at each of
 * `hosts`; returns what it logged.
 */
async function startLog(distDir: string, siteUrl: string, hosts: string[] = []) {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as never) };
  const logger: FastifyBaseLogger = pino({ level: 'info' }, stream);
  const app = Fastify({ loggerInstance: logger, disableRequestLogging: true });
  const services = { siteUrl } as SiteServices;
  await mountSite(app, { distDir, services, secureCookies: false });
  for (const host of hosts) await app.inject({ url: '/', headers: { host } });
  await app.close();
  return lines;
}

describe('a server started with another PUBLIC_SITE_URL than its build', () => {
  it('warns once at start, naming both addresses and saying to rebuild', async () => {
    const lines = await startLog(distFor('https://old.example'), 'https://sheaf.example');
    const warnings = lines.filter((l) => l['level'] === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      site_url: 'https://sheaf.example',
      built_site_url: 'https://old.example',
    });
    expect(warnings[0]!['msg']).toBe(
      'PUBLIC_SITE_URL is https://sheaf.example but the site was built with https://old.example: prerendered pages, the sitemap and robots.txt name https://old.example. Rebuild with PUBLIC_SITE_URL=https://sheaf.example (npm run build).',
    );
  });

  it('says nothing when they match, or when the build does not say', async () => {
    expect(await startLog(distFor('https://sheaf.example/'), 'https://sheaf.example')).toEqual([]);
    expect(await startLog(distFor(undefined), 'https://sheaf.example')).toEqual([]);
  });
});

describe('a site left at its default address', () => {
  it('says once, at the first page asked for at another host, to set PUBLIC_SITE_URL', async () => {
    const lines = await startLog(distFor('http://localhost:8080'), 'http://localhost:8080', [
      'localhost:8080',
      '127.0.0.1:8080',
      '[::1]:8080',
      'data.example.org',
      'other.example.org',
    ]);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        site_url: 'http://localhost:8080',
        host: 'data.example.org',
        msg: 'Pages are asked for at data.example.org but name http://localhost:8080 as their address (canonical links, feeds, the sitemap): set PUBLIC_SITE_URL to the address visitors use and rebuild (npm run build).',
      }),
    ]);
  });

  it('says nothing once PUBLIC_SITE_URL names the site', async () => {
    const site = 'https://data.example.org';
    expect(await startLog(distFor(site), site, ['data.example.org', '10.0.0.5'])).toEqual([]);
  });
});
