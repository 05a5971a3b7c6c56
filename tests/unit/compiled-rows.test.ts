/**
 * The compiled row mapper gives the objects drizzle's own mapper gives, for every prepared
 * statement of the hot reads (joins that found nothing included), and a prepared statement on
 * PostgreSQL answers through it.
 */
import * as drizzleOrm from 'drizzle-orm';
import { Column } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import {
  compileRowMapper,
  withCompiledRows,
  type SelectedField,
} from '../../src/server/db/compiled-rows.ts';
import * as schema from '../../src/server/db/schema.ts';
import { prepared } from '../../src/server/services/datasets/prepared.ts';

// Statements are built and prepared without connecting: nothing here reaches a server.
const pool = new pg.Pool({ connectionString: 'postgres://127.0.0.1:1/none' });
const db = drizzle({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
afterAll(() => pool.end());

/** drizzle's own row mapper: exported at run time, internal to its types. */
const mapResultRow = (drizzleOrm as unknown as Record<string, unknown>)['mapResultRow'] as (
  fields: SelectedField[],
  row: unknown[],
  joins: Record<string, boolean> | undefined,
) => Record<string, unknown>;

type Prepared = {
  fields: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  client: { query: (config: object, params: unknown[]) => Promise<{ rows: unknown[][] }> };
  execute: (values?: Record<string, unknown>) => Promise<unknown[]>;
};

/** A value of the column's kind as node-postgres hands it over (times as text, as drizzle asks). */
function rawValue(field: unknown, i: number): unknown {
  if (!(field instanceof Column)) return String(i);
  switch (field.dataType) {
    case 'number':
      return i;
    case 'boolean':
      return i % 2 === 0;
    case 'date':
      return `2026-11-${String(10 + (i % 18))} 04:05:06.789+00`;
    case 'array':
      return ['人口', 'climate'];
    case 'json':
      return { key: i };
    default:
      return `文本 ${i}`;
  }
}

const statements = Object.entries(prepared(db) as unknown as Record<string, Prepared>).filter(
  ([, s]) => s.fields,
);

describe('compiled row mapping', () => {
  it('covers the statements with joins', () => {
    const names = statements.map(([name]) => name);
    expect(names).toEqual(expect.arrayContaining(['summariesByIds', 'visibleDetail', 'versions']));
  });

  it.each(statements)('%s: the same objects as drizzle maps', (_name, statement) => {
    const { fields, joinsNotNullableMap: joins } = statement;
    const full = fields.map(({ field }, i) => rawValue(field, i));
    const rows = [full];
    // Each joined table's columns null, as a left join that found nothing gives them.
    for (const key of new Set(fields.filter((f) => f.path.length === 2).map((f) => f.path[0]))) {
      rows.push(full.map((v, i) => (fields[i]!.path[0] === key ? null : v)));
    }
    rows.push(full.map(() => null));
    const map = compileRowMapper(fields, joins);
    for (const row of rows) expect(map(row)).toEqual(mapResultRow(fields, row, joins));
  });

  it('an owner gone and no origin read as null objects, the rest decoded', () => {
    const { fields, joinsNotNullableMap } = prepared(db).summariesByIds as unknown as Prepared;
    const row = fields.map(({ path, field }, i) =>
      path[0] === 'owner' || path[0] === 'origin' ? null : rawValue(field, i),
    );
    const summary = compileRowMapper(fields, joinsNotNullableMap)(row);
    expect(summary['owner']).toBeNull();
    expect(summary['origin']).toBeNull();
    expect(summary['createdAt']).toBeInstanceOf(Date);
    expect(typeof summary['id']).toBe('number');
  });

  it('a prepared select on PostgreSQL sends its parameters and maps the rows it gets', async () => {
    const statement = prepared(db).summariesByIds as unknown as Prepared;
    const row = statement.fields.map(({ field }, i) => rawValue(field, i));
    const sent: unknown[][] = [];
    statement.client = {
      query: async (_config, params) => {
        sent.push(params);
        return { rows: [row, row] };
      },
    };
    const rows = await statement.execute({ ids: [4, 2] });
    expect(sent).toEqual([[[4, 2]]]);
    const expected = mapResultRow(statement.fields, row, statement.joinsNotNullableMap);
    expect(rows).toEqual([expected, expected]);
  });

  it('a prepared select on PGlite keeps drizzle’s own execute (its client is called otherwise)', () => {
    const pglite = drizzlePglite({ client: {} as never, schema, casing: 'snake_case' });
    const own = pglite.select().from(schema.users).prepare('active_user_by_id');
    // drizzle's execute is its class's; the compiled one is the statement's own.
    expect(Object.hasOwn(withCompiledRows(own), 'execute')).toBe(false);
    const onPg = db.select().from(schema.users).prepare('active_user_by_id');
    expect(Object.hasOwn(withCompiledRows(onPg), 'execute')).toBe(true);
  });
});
