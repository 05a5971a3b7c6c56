import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { Dataset } from '../../../src/contracts/datasets.ts';
import { users } from '../../../src/server/db/schema.ts';
import type { TestApp } from '../../support/app.ts';

export type TestUser = { id: number; username: string; headers: { authorization: string } };

/** A user straight in the database, with a bearer token. */
export async function addUser(t: TestApp, username: string): Promise<TestUser> {
  const [row] = await t.ctx.db
    .insert(users)
    .values({ username, email: `${username}@example.com`, nickname: username })
    .returning({ id: users.id });
  const token = await t.ctx.tokens.signAccess({ userId: row!.id, role: 'user' });
  return { id: row!.id, username, headers: { authorization: `Bearer ${token}` } };
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
  user: TestUser,
  fields: Record<string, unknown> = {},
): Promise<Dataset> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/datasets',
    headers: user.headers,
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

export const get = (t: TestApp, url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user?.headers ?? {} });
