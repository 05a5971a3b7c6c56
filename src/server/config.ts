import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseOAuthProviders, type OAuthProvider } from './oauth/providers.ts';
import type { TableEngineOptions } from './tables/engine.ts';

/** Whether `value` is just an origin: http(s), host, optional port (a trailing `/` is allowed). */
function isOrigin(value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    /^\/*$/.test(url.pathname) &&
    !value.includes('?') &&
    !value.includes('#')
  );
}

/** A site's address: an origin, since pages, cookies and CORS all work on origins. */
const origin = z
  .string()
  .refine(isOrigin, 'must be an origin: http(s)://host with an optional :port, no path or query');

/** Every setting Sheaf reads. `getConfig` is the only reader of the environment. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DIST_DIR: z.string().min(1).optional(),
  BLOB_STORE: z
    .string()
    .regex(
      /^(file:\/\/\/.|s3:\/\/[a-z0-9][a-z0-9.-]{2,62}(\/.*)?$)/,
      'must be file:///absolute/path or s3://bucket/prefix',
    )
    .optional(),
  BLOB_REDIRECT: z.enum(['true', 'false']).default('false'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  EMBEDDED_DATABASE: z.enum(['postgres', 'pglite']).default('postgres'),
  PUBLIC_API_BASE: z.url().optional(),
  PUBLIC_SITE_URL: origin.optional(),
  ORIGIN_URL: origin.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(3600)
    .default(30 * 86_400),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  MAX_COLUMNS: z.coerce.number().int().min(1).default(200),
  MAX_ROWS: z.coerce.number().int().min(1).default(2_000_000),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).default(512),
  MAX_JSON_BODY_MB: z.coerce.number().int().min(1).default(32),
  MAX_GUEST_VALIDATE_MB: z.coerce.number().int().min(1).default(4),
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  RATE_LIMIT_USER_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).default(3_000),
  SEARCH_CONCURRENCY: z.coerce.number().int().min(1).default(4),
  SEARCH_QUEUE: z.coerce.number().int().min(0).default(32),
  DUCKDB_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  DUCKDB_THREADS: z.coerce.number().int().min(1).max(64).default(2),
  DUCKDB_TEMP_MB: z.coerce.number().int().min(0).default(10_240),
  DUCKDB_QUERIES: z.coerce.number().int().min(1).max(64).default(2),
  DUCKDB_QUEUE: z.coerce.number().int().min(0).default(32),
  TABLE_QUERY_TIMEOUT_S: z.coerce.number().min(0.1).default(30),
  TABLE_JOB_TIMEOUT_S: z.coerce.number().min(1).default(600),
  DRAIN_TIMEOUT_S: z.coerce.number().min(1).default(30),
  OAUTH_PROVIDERS: z.string().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  REFRESH_COOKIE_SAMESITE: z.enum(['lax', 'none']).default('lax'),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /**
   * Where table files live: DATA_DIR/blobs, or BLOB_STORE's folder (several processes may share
   * it); with an S3 store, this process's working copy (DATA_DIR/blob-cache).
   */
  blobDir: string;
  /** BLOB_STORE=s3://…: the bucket and key prefix (credentials from the AWS variables). */
  blobS3Url: string | undefined;
  /** BLOB_REDIRECT=true (S3 only): downloads answer 302 to a short-lived presigned URL. */
  blobRedirect: boolean;
  /** The built site (astro build output); undefined → the project's dist/. */
  distDir: string | undefined;
  databaseUrl: string | undefined;
  /** Without DATABASE_URL: a PostgreSQL server in DATA_DIR/postgres, or PGlite in DATA_DIR/db. */
  embeddedDatabase: 'postgres' | 'pglite';
  publicApiBase: string | undefined;
  siteUrl: string;
  /**
   * ORIGIN_URL: this server's own address when a static host serves the prerendered pages at
   * PUBLIC_SITE_URL (docs/deploy.md, "Static host"). Server-rendered pages, the sitemap's and
   * feeds' links to them, the API's documents and the dataset metadata name it; undefined when
   * one address serves everything.
   */
  originUrl: string | undefined;
  jwtSecret: string | undefined;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  loginMaxFailures: number;
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
  limits: {
    maxColumns: number;
    maxRows: number;
    /** A streamed table upload (CSV / JSON Lines body). */
    maxUploadBytes: number;
    /** Any JSON body; bigger tables use the streamed upload. */
    maxJsonBodyBytes: number;
    /** POST /datasets/validate without a token (checked before the body is read). */
    maxGuestValidateBytes: number;
  };
  /**
   * API requests per minute per guest IP and per signed-in user (0: off); Redis shares counts,
   * under keys that start with `redisPrefix` (the site's address: sites sharing a Redis count apart).
   */
  rateLimit: { perIp: number; perUser: number; redisUrl: string | undefined; redisPrefix: string };
  /** `production` unless set otherwise (tests): outside production, responses are double-checked. */
  nodeEnv: string;
  /**
   * DuckDB (tables' Parquet files): its memory limit before it spills to disk, threads, spill
   * space, how many requests' table queries run at once and wait, and their time limits.
   */
  tables: Omit<TableEngineOptions, 'root'>;
  /** Longest a stop (SIGTERM) may take: requests under way finish within it, then it exits. */
  drainMs: number;
  /**
   * Dataset lists and searches: each of their statements may run `statementTimeoutMs` (past it,
   * 503 QUERY_TIMEOUT); searches the cache cannot answer run `concurrency` at a time with up to
   * `queue` waiting (past both, 503 SERVER_BUSY). docs/search.md, "Bounds".
   */
  search: { statementTimeoutMs: number; concurrency: number; queue: number };
  /** Sign-in providers from OAUTH_PROVIDERS (see docs/oauth.md); empty when unset. */
  oauthProviders: OAuthProvider[];
  logLevel: string;
  /** Behind a reverse proxy: take the client IP from X-Forwarded-For (only then). */
  trustProxy: boolean;
  secureCookies: boolean;
  /**
   * The refresh cookie's SameSite: `lax`, or `none` (then also Secure) when the pages and the
   * API are on different sites (docs/deploy.md: a same-site API host is the better choice).
   */
  refreshCookieSameSite: 'lax' | 'none';
  /**
   * WEBHOOK_ALLOW_PRIVATE=true: webhooks may be sent to loopback, link-local and private
   * addresses (docs/webhooks.md, "Addresses"); refused otherwise.
   */
  webhookAllowPrivate: boolean;
};

/** Where this server's own pages and API are: ORIGIN_URL, else the site's address. */
export const ownUrl = (config: Pick<Config, 'originUrl' | 'siteUrl'>): string =>
  config.originUrl ?? config.siteUrl;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Settings that are each valid but cannot go together. */
function refuseContradictions(e: z.infer<typeof envSchema>, siteUrl: string): void {
  if (
    e.REFRESH_COOKIE_SAMESITE === 'none' &&
    !(e.PUBLIC_API_BASE ?? siteUrl).startsWith('https://')
  ) {
    throw new ConfigError(
      'Invalid configuration:\n  REFRESH_COOKIE_SAMESITE: none needs an https:// API (PUBLIC_API_BASE)',
    );
  }
  if (e.BLOB_REDIRECT === 'true' && !e.BLOB_STORE?.startsWith('s3:')) {
    throw new ConfigError(
      'Invalid configuration:\n  BLOB_REDIRECT: true needs table files in S3 (BLOB_STORE=s3://bucket/prefix)',
    );
  }
}

export function getConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const oauth = parseOAuthProviders(e.OAUTH_PROVIDERS);
  if (!oauth.ok) {
    throw new ConfigError(
      `Invalid configuration:\n${oauth.issues.map((i) => `  ${i}`).join('\n')}`,
    );
  }
  const siteUrl = (e.PUBLIC_SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  refuseContradictions(e, siteUrl);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    blobDir: e.BLOB_STORE?.startsWith('file:')
      ? fileURLToPath(e.BLOB_STORE)
      : path.join(path.resolve(e.DATA_DIR), e.BLOB_STORE ? 'blob-cache' : 'blobs'),
    blobS3Url: e.BLOB_STORE?.startsWith('s3:') ? e.BLOB_STORE : undefined,
    blobRedirect: e.BLOB_REDIRECT === 'true',
    distDir: e.DIST_DIR === undefined ? undefined : path.resolve(e.DIST_DIR),
    databaseUrl: e.DATABASE_URL,
    embeddedDatabase: e.EMBEDDED_DATABASE,
    publicApiBase: e.PUBLIC_API_BASE,
    siteUrl,
    originUrl: e.ORIGIN_URL?.replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginMaxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    loginWindowSeconds: e.LOGIN_WINDOW_SECONDS,
    limits: {
      maxColumns: e.MAX_COLUMNS,
      maxRows: e.MAX_ROWS,
      maxUploadBytes: e.MAX_UPLOAD_MB * 1024 * 1024,
      maxJsonBodyBytes: e.MAX_JSON_BODY_MB * 1024 * 1024,
      maxGuestValidateBytes: e.MAX_GUEST_VALIDATE_MB * 1024 * 1024,
    },
    rateLimit: {
      perIp: e.RATE_LIMIT_IP_PER_MINUTE,
      perUser: e.RATE_LIMIT_USER_PER_MINUTE,
      redisUrl: e.REDIS_URL,
      redisPrefix: `sheaf-rate-limit:${siteUrl}:`,
    },
    nodeEnv: e.NODE_ENV,
    search: {
      statementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
      concurrency: e.SEARCH_CONCURRENCY,
      queue: e.SEARCH_QUEUE,
    },
    tables: {
      memoryLimitMb: e.DUCKDB_MEMORY_MB,
      threads: e.DUCKDB_THREADS,
      tempLimitMb: e.DUCKDB_TEMP_MB,
      queries: e.DUCKDB_QUERIES,
      queue: e.DUCKDB_QUEUE,
      readTimeoutMs: e.TABLE_QUERY_TIMEOUT_S * 1000,
      jobTimeoutMs: e.TABLE_JOB_TIMEOUT_S * 1000,
    },
    drainMs: e.DRAIN_TIMEOUT_S * 1000,
    oauthProviders: oauth.providers,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    secureCookies: siteUrl.startsWith('https://'),
    refreshCookieSameSite: e.REFRESH_COOKIE_SAMESITE,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
  };
}
