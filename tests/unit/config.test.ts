import { describe, expect, it } from 'vitest';
import { ConfigError, getConfig, ownUrl } from '../../src/server/config.ts';

describe('getConfig', () => {
  it('has working defaults: port 8080, embedded database under ./data', () => {
    const c = getConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.siteUrl).toBe('http://localhost:8080');
  });

  it('names every invalid setting', () => {
    expect(() =>
      getConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' }),
    ).toThrow(ConfigError);
    try {
      getConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres:// or postgresql://');
      expect(message).toContain('JWT_SECRET: must be at least 32 characters');
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless asked for, so clients cannot pick their own IP with X-Forwarded-For', () => {
    expect(getConfig({}).trustProxy).toBe(false);
    expect(getConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => getConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });
});

describe('REDIS_URL', () => {
  it("names the rate limit's keys after the site, so that sites sharing a Redis count apart", () => {
    const c = getConfig({
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_SITE_URL: 'https://a.example/',
    });
    expect(c.rateLimit.redisPrefix).toBe('sheaf-rate-limit:https://a.example:');
    expect(getConfig({ PORT: '8102' }).rateLimit.redisPrefix).toBe(
      'sheaf-rate-limit:http://localhost:8102:',
    );
  });
});

describe('BLOB_STORE', () => {
  it('keeps table files in DATA_DIR/blobs unless a shared folder is named', () => {
    expect(getConfig({ DATA_DIR: '/srv/a' }).blobDir).toBe('/srv/a/blobs');
    expect(getConfig({ DATA_DIR: '/srv/a', BLOB_STORE: 'file:///mnt/tables' }).blobDir).toBe(
      '/mnt/tables',
    );
    expect(() => getConfig({ BLOB_STORE: 'tables' })).toThrow(
      'BLOB_STORE: must be file:///absolute/path or s3://bucket/prefix',
    );
    const s3 = getConfig({ DATA_DIR: '/srv/a', BLOB_STORE: 's3://sheaf-tables/prod' });
    expect(s3.blobS3Url).toBe('s3://sheaf-tables/prod');
    expect(s3.blobDir).toBe('/srv/a/blob-cache');
  });
});

describe('BLOB_REDIRECT', () => {
  it('is off by default, and on only with table files in S3', () => {
    expect(getConfig({}).blobRedirect).toBe(false);
    const s3 = { BLOB_STORE: 's3://sheaf-tables/prod' };
    expect(getConfig(s3).blobRedirect).toBe(false);
    expect(getConfig({ ...s3, BLOB_REDIRECT: 'true' }).blobRedirect).toBe(true);
    expect(() => getConfig({ BLOB_REDIRECT: 'true' })).toThrow(ConfigError);
    expect(() => getConfig({ BLOB_REDIRECT: 'true' })).toThrow(
      'BLOB_REDIRECT: true needs table files in S3 (BLOB_STORE=s3://bucket/prefix)',
    );
    expect(() => getConfig({ BLOB_REDIRECT: 'true', BLOB_STORE: 'file:///mnt/tables' })).toThrow(
      'BLOB_REDIRECT: true needs table files in S3',
    );
    expect(() => getConfig({ ...s3, BLOB_REDIRECT: 'yes' })).toThrow(/BLOB_REDIRECT/);
  });
});

describe('REFRESH_COOKIE_SAMESITE', () => {
  it('is lax by default; none only with an https API, where the cookie is also Secure', () => {
    expect(getConfig({}).refreshCookieSameSite).toBe('lax');
    expect(() => getConfig({ REFRESH_COOKIE_SAMESITE: 'none' })).toThrow(
      'REFRESH_COOKIE_SAMESITE: none needs an https:// API',
    );
    const c = getConfig({
      REFRESH_COOKIE_SAMESITE: 'none',
      PUBLIC_SITE_URL: 'https://sheaf.example',
      PUBLIC_API_BASE: 'https://api.sheaf-data.example/api/v1',
    });
    expect(c.refreshCookieSameSite).toBe('none');
  });
});

describe('ORIGIN_URL', () => {
  it("names this server's own address apart from the site's, for its pages and API", () => {
    const single = getConfig({ PUBLIC_SITE_URL: 'https://sheaf.example' });
    expect(single.originUrl).toBeUndefined();
    expect(ownUrl(single)).toBe('https://sheaf.example');
    const split = getConfig({
      PUBLIC_SITE_URL: 'https://sheaf.example',
      ORIGIN_URL: 'https://app.sheaf.example/',
    });
    expect(split.siteUrl).toBe('https://sheaf.example');
    expect(ownUrl(split)).toBe('https://app.sheaf.example');
    expect(() => getConfig({ ORIGIN_URL: 'app.sheaf.example' })).toThrow(/ORIGIN_URL/);
  });

  it('refuses an address with a path, query or fragment, naming the setting', () => {
    const expected = 'must be an origin: http(s)://host with an optional :port, no path or query';
    for (const ORIGIN_URL of [
      'https://sheaf.example/app',
      'https://sheaf.example/?lang=en',
      'https://sheaf.example#top',
      'ftp://sheaf.example',
      'https://user:secret@sheaf.example',
    ]) {
      expect(() => getConfig({ ORIGIN_URL })).toThrow(`  ORIGIN_URL: ${expected}`);
    }
    expect(() => getConfig({ PUBLIC_SITE_URL: 'https://sheaf.example/app' })).toThrow(
      `  PUBLIC_SITE_URL: ${expected}`,
    );
    expect(ownUrl(getConfig({ ORIGIN_URL: 'http://127.0.0.1:8102/' }))).toBe(
      'http://127.0.0.1:8102',
    );
  });
});
