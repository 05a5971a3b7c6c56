/**
 * Rows of a prepared select, mapped by a function built once per statement. drizzle's own mapper
 * (`mapResultRow`) works out every column's decoder and path again for every row: about 9 µs a
 * row of a dataset summary, 0.18 ms of a 1.3 ms list (docs/performance.md, "Compiled row
 * mapping"). The compiled one gives the same objects, nested the same way, with the same rule for
 * a left join that found nothing: the joined table's object is null when its first column is.
 */
import { Column, fillPlaceholders, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres';

type Decoder = { mapFromDriverValue: (value: unknown) => unknown };
export type SelectedField = { path: string[]; field: unknown };
type Row = Record<string, unknown>;

/** `decoder` is internal to drizzle's SQL (set by `mapWith`). */
const decoderOfSql = (sql: unknown) => (sql as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/**
 * The nested objects whose fields all come from one table that a left join may leave empty:
 * such an object is null when its first column is (drizzle's rule, kept as is).
 */
function nullableObjects(fields: SelectedField[], notNullable: Record<string, boolean>) {
  const objects = new Map<string, { first: number; table: string | false }>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const table = getTableName(field.table);
    const known = objects.get(path[0]!);
    if (!known) objects.set(path[0]!, { first: index, table });
    else if (known.table !== table) known.table = false;
  });
  return [...objects]
    .filter(([, o]) => o.table !== false && !notNullable[o.table])
    .map(([key, o]) => ({ key, first: o.first }));
}

/** A function from a row (values in select order) to the object drizzle would have built. */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap?: Record<string, boolean>,
): (row: unknown[]) => Row {
  const columns = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path[path.length - 1]!,
    decoder: decoderOf(field),
  }));
  const nullable = joinsNotNullableMap ? nullableObjects(fields, joinsNotNullableMap) : [];
  return (row) => {
    const result: Row = {};
    for (let i = 0; i < columns.length; i++) {
      const { parents, key, decoder } = columns[i]!;
      let node = result;
      for (const parent of parents) node = (node[parent] ??= {}) as Row;
      const raw = row[i];
      node[key] = raw === null ? null : decoder.mapFromDriverValue(raw);
    }
    for (const { key, first } of nullable) if (row[first] === null) result[key] = null;
    return result;
  };
}

/** What a node-postgres prepared select holds (drizzle-orm/node-postgres/session.js). */
type NodePgPrepared = {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: unknown;
  params: unknown[];
  queryConfig?: { rowMode?: string };
  client: { query: (config: object, params: unknown[]) => Promise<{ rows: unknown[][] }> };
  execute: (values?: Record<string, unknown>) => Promise<unknown>;
};

/**
 * Gives a node-postgres prepared select the compiled mapper; anything else (PGlite, statements
 * without selected fields, a drizzle whose statements hold their parts otherwise) is left as
 * drizzle built it. Skipped on the way: drizzle's query logger and result cache (neither is
 * configured) and its tracing spans (no-ops).
 */
export function withCompiledRows<T>(statement: T): T {
  if (!is(statement, NodePgPreparedQuery)) return statement;
  const s = statement as unknown as NodePgPrepared;
  const shaped = typeof s.client?.query === 'function' && Array.isArray(s.params);
  if (!shaped || !s.fields || s.customResultMapper || s.queryConfig?.rowMode !== 'array') {
    return statement;
  }
  const map = compileRowMapper(s.fields, s.joinsNotNullableMap);
  const query = s.queryConfig;
  s.execute = async (values = {}) => {
    const result = await s.client.query(query, fillPlaceholders(s.params, values));
    return result.rows.map(map);
  };
  return statement;
}
