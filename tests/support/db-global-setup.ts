import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of a migrated database. PostgreSQL: name of a migrated template database. */
    dbTemplate: string;
    /** PostgreSQL: prefix of the databases this run creates (dropped at the end). */
    dbRunPrefix: string;
  }
}

const adminUrl = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.href;
};

/** Migrates one database per run; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  if (project.name === 'api:postgres') {
    const url = process.env['TEST_DATABASE_URL'];
    if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL API tests');
    const prefix = `sheaf_t_${randomBytes(4).toString('hex')}`;
    const template = `${prefix}_tpl`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const db = await openDatabase({ kind: 'postgres', url: adminUrl(url, template) });
    await db.close();
    project.provide('dbTemplate', template);
    project.provide('dbRunPrefix', prefix);
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${prefix}%`],
      );
      for (const { datname } of rows)
        await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'sheaf-tpl-'));
  const db = await openDatabase({ kind: 'pglite', dataDir: undefined });
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', file);
  project.provide('dbRunPrefix', '');
  return () => rm(dir, { recursive: true, force: true });
}
