/**
 * The CLI's HTTP client: `SHEAF_API` (default http://localhost:8080) + `/api/v1`, the token
 * from `SHEAF_TOKEN` or the one `sheaf login` stored for that site, and Sheaf's error shape turned into a
 * `CliError` with an exit code.
 */
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { errorMessage } from '../contracts/narrowing.ts';
import { z } from 'zod';

export type Env = Record<string, string | undefined>;

/** Exit codes (README "The sheaf command"). */
export const EXIT = { ok: 0, failed: 1, usage: 2, auth: 3, notFound: 4 } as const;

export class CliError extends Error {
  readonly exitCode: number;
  readonly code: string | undefined;
  constructor(message: string, exitCode: number, code?: string) {
    super(message);
    this.exitCode = exitCode;
    this.code = code;
  }
}

/** The request was sent but no answer came (the site unreachable, the connection dropped). */
export class NoAnswer extends CliError {
  constructor(message: string) {
    super(message, EXIT.failed);
  }
}

/** Where `sheaf login` keeps its tokens: $SHEAF_CONFIG_DIR, else $XDG_CONFIG_HOME/sheaf, else ~/.config/sheaf. */
function configDir(env: Env): string {
  if (env['SHEAF_CONFIG_DIR']) return env['SHEAF_CONFIG_DIR'];
  const base = env['XDG_CONFIG_HOME'] || path.join(os.homedir(), '.config');
  return path.join(base, 'sheaf');
}

/** What `sheaf login` keeps for one site: who signed in, the token, and its id if login made it. */
const credentialsSchema = z.object({
  username: z.string(),
  token: z.string(),
  id: z.number().optional(),
});
export type Credentials = z.infer<typeof credentialsSchema>;
const credentialsBySite = z.record(z.string(), credentialsSchema);

const credentialsFile = (env: Env) => path.join(configDir(env), 'credentials.json');

/** What the CLI reads of an error answer (a newer server may name a code it does not know). */
const errorAnswer = z.object({ message: z.string().optional(), code: z.string().optional() });

/** The stored credentials, by site (`SHEAF_API`'s origin); an unreadable file holds none. */
async function allCredentials(env: Env): Promise<Record<string, Credentials>> {
  const text = await readFile(credentialsFile(env), 'utf8').catch(() => '{}');
  try {
    return credentialsBySite.catch({}).parse(JSON.parse(text));
  } catch {
    return {};
  }
}

export async function storedCredentials(env: Env, site: string): Promise<Credentials | undefined> {
  const stored = (await allCredentials(env))[site];
  return typeof stored?.token === 'string' && stored.token ? stored : undefined;
}

/**
 * The token file of earlier versions (`token`, one secret sent to whatever site SHEAF_API
 * named): still read when no credentials are stored for the site, until `sheaf login` replaces
 * it, so an upgrade does not sign anyone out.
 */
const legacyFile = (env: Env) => path.join(configDir(env), 'token');
const legacyToken = async (env: Env): Promise<string | undefined> =>
  (await readFile(legacyFile(env), 'utf8').catch(() => '')).trim() || undefined;

/**
 * Keeps `credentials` for `site` (the other sites' stay), readable by the user only; the token
 * file of earlier versions goes.
 */
export async function storeCredentials(
  env: Env,
  site: string,
  credentials: Credentials,
): Promise<string> {
  const all = { ...(await allCredentials(env)), [site]: credentials };
  await mkdir(configDir(env), { recursive: true, mode: 0o700 });
  const file = credentialsFile(env);
  await writeFile(file, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  await rm(legacyFile(env), { force: true });
  return file;
}

/** Drops the credentials stored for `site` (the other sites' stay), and the legacy token file. */
export async function forgetCredentials(env: Env, site: string): Promise<void> {
  const { [site]: _gone, ...rest } = await allCredentials(env);
  const file = credentialsFile(env);
  if (Object.keys(rest).length === 0) await rm(file, { force: true });
  else await writeFile(file, `${JSON.stringify(rest, null, 2)}\n`, { mode: 0o600 });
  await rm(legacyFile(env), { force: true });
}

export type Client = {
  base: string;
  /** A JSON call; throws CliError for any answer but 2xx. */
  json: <T>(method: string, path: string, options?: CallOptions) => Promise<T>;
  /** The raw response of a call (downloads, uploads); throws CliError for 4xx/5xx. */
  raw: (method: string, path: string, options?: CallOptions) => Promise<Response>;
};

type CallOptions = {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A streamed body (sent as is, with `duplex: 'half'`). */
  stream?: ReadableStream<Uint8Array>;
  token?: string | null;
  /** Error statuses answered as a response instead of thrown (a pull's 416). */
  allow?: number[];
};

const exitFor = (status: number) =>
  status === 401 || status === 403 ? EXIT.auth : status === 404 ? EXIT.notFound : EXIT.failed;

/** The site's origin from SHEAF_API; an address ending in /api/v1 (as curl examples use) is taken too. */
function apiBase(env: Env): string {
  const given = env['SHEAF_API'] || 'http://localhost:8080';
  if (!/^https?:\/\/[^/]/i.test(given) || !URL.canParse(given)) {
    throw new CliError(
      `SHEAF_API must be an http(s) address such as http://localhost:8080, not "${given}"`,
      EXIT.usage,
    );
  }
  return given.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

export async function createClient(env: Env): Promise<Client> {
  const base = apiBase(env);
  const token =
    env['SHEAF_TOKEN'] || (await storedCredentials(env, base))?.token || (await legacyToken(env));
  const raw = async (method: string, route: string, options: CallOptions = {}) => {
    const url = new URL(`${base}/api/v1${route}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer) headers['authorization'] = `Bearer ${bearer}`;
    let body: BodyInit | undefined;
    if (options.stream) body = options.stream;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body,
        ...(options.stream ? { duplex: 'half' } : {}),
      });
    } catch (err) {
      throw new NoAnswer(`Cannot reach ${base}: ${errorMessage(err)}`);
    }
    if (res.status >= 400 && !options.allow?.includes(res.status)) {
      const answer = errorAnswer.catch({}).parse(await res.json().catch(() => null));
      const message = answer.message ?? `${res.status} ${res.statusText}`;
      throw new CliError(
        answer?.code ? `${message} (${answer.code})` : message,
        exitFor(res.status),
        answer.code,
      );
    }
    return res;
  };
  return {
    base,
    raw,
    json: async <T>(method: string, route: string, options?: CallOptions) =>
      (await (await raw(method, route, options)).json()) as T,
  };
}
