/** The API tests' one harness: users, datasets and calls through app.inject, raw queries. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Dataset } from '../../src/contracts/datasets.ts';
import { users } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from './app.ts';

/** Whoever calls the API: a signed-up user (tests/support/users.ts) or one added straight. */
export type Caller = { auth: { authorization: string } };

export type TestUser = Caller & {
  id: number;
  username: string;
  /** The same as `auth`, for app.inject. */
  headers: { authorization: string };
};

/** A user straight in the database, with a bearer token. */
export async function addUser(t: TestApp, username: string): Promise<TestUser> {
  const [row] = await t.ctx.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, nickname: username })
    .returning({ id: users.id });
  const token = await t.ctx.tokens.signAccess({ userId: row!.id, role: 'user' });
  const auth = { authorization: `Bearer ${token}` };
  return { id: row!.id, username, auth, headers: auth };
}

/** `target`, filled in with what `make` answers before the tests of the calling file or block. */
function filledBeforeAll<T extends object>(make: () => Promise<T>): T {
  const target = {} as T;
  beforeAll(async () => {
    Object.assign(target, await make());
  });
  return target;
}

/**
 * The app of the calling file or describe block: a fresh one (with `env`, as createTestApp)
 * opened before its tests and closed after them. Read its fields in tests and hooks only.
 */
export function suiteApp(env: Record<string, string> = {}): TestApp {
  const t = filledBeforeAll(() => createTestApp(env));
  afterAll(() => t.close());
  return t;
}

/** A user added straight to `t` (a suiteApp) before the tests of the calling file or block. */
export function suiteUser(t: TestApp, username: string): TestUser {
  return filledBeforeAll(() => addUser(t, username));
}

export const sampleTable = {
  attributes: ['城市', 'population', 'year'],
  entries: [
    ['北京', 21893095, 2020],
    ['上海', 24870895, 2020],
    ['广州', 18676605, 2020],
  ],
};

/** POST /datasets as `user`; fails the test unless it answers 201. */
export async function createDataset(
  t: TestApp,
  user: Caller,
  fields: Record<string, unknown> = {},
): Promise<Dataset> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/datasets',
    headers: user.auth,
    payload: { name: 'Sample', description: '', tags: [], ...sampleTable, ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<Dataset>();
}

/** Every stored blob file (not temporary files, nor the Parquet and statistics files beside them). */
export async function blobFiles(t: TestApp): Promise<string[]> {
  const root = t.ctx.config.blobDir;
  const found: string[] = [];
  for (const dir of await readdir(root)) {
    if (dir === 'tmp') continue;
    for (const f of await readdir(path.join(root, dir))) if (!f.includes('.')) found.push(dir + f);
  }
  return found.sort();
}

/** The rows of a raw query (the driver's result shape differs between PGlite and pg only in type). */
export async function queryRows<T>(t: TestApp, query: SQL): Promise<T[]> {
  const result: unknown = await t.ctx.db.execute(query);
  return (result as { rows: T[] }).rows;
}

export async function countRows(t: TestApp, table: 'datasets' | 'dataset_versions' | 'blobs') {
  const [row] = await queryRows<{ n: number }>(
    t,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return Number(row!.n);
}

export const get = (t: TestApp, url: string, user?: Caller) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user?.auth ?? {} });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls /api/v1`url` as `who` (a guest when omitted). */
export function caller(t: TestApp) {
  return (method: Method, url: string, who?: Caller, payload?: Record<string, unknown>) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: who?.auth ?? {},
      ...(payload === undefined ? {} : { payload }),
    });
}

let counter = 0;

/** Creates a dataset of rainfall by city (a new name each time) through the API; fails unless 201. */
export function newDataset(t: TestApp, owner: Caller, fields: Record<string, unknown> = {}) {
  counter += 1;
  return createDataset(t, owner, {
    name: `Dataset ${counter}`,
    description: 'Rainfall by city',
    tags: ['weather', 'china'],
    language: 'en-US',
    attributes: ['city', 'rain_mm'],
    entries: [
      ['Beijing', 600 + counter],
      ['Shanghai', 1200],
      ['Guangzhou', 1800],
    ],
    ...fields,
  });
}

/** Makes a dataset public or private through PUT /datasets/{id}. */
export async function setPublic(t: TestApp, owner: Caller, id: number, isPublic: boolean) {
  const res = await caller(t)('PUT', `/datasets/${id}`, owner, { is_public: isPublic });
  if (res.statusCode !== 200) throw new Error(`update failed: ${res.statusCode} ${res.body}`);
}

/** GET /datasets/{id} as `who`. */
export const datasetAs = (t: TestApp, id: number, who?: Caller) =>
  caller(t)('GET', `/datasets/${id}`, who);

/** The fields a 400 answer's details name, in order. */
export const fieldsOf = (res: { json: () => { details: { field: string }[] } }) =>
  res.json().details.map((d) => d.field);

/**
 * The app the dataset-creation tests share (tests/api/datasets/create*.test.ts, validate), as
 * suiteApp opens it: uploads limited to 50 rows, 4 columns and 1 MB; alice, and POST /datasets
 * as her.
 */
export function creationSuite() {
  const t = suiteApp({ MAX_ROWS: '50', MAX_COLUMNS: '4', MAX_UPLOAD_MB: '1' });
  const alice = suiteUser(t, 'alice');
  const post = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/datasets', headers: alice.headers, payload });
  return { t, alice, post };
}
