import { createHash, randomUUID } from 'node:crypto';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Context } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isBigInteger } from '../../tables/big-integer.ts';
import { storedColumns } from '../../tables/columns.ts';
import { TableValidationError } from '../../tables/errors.ts';
import { checkHeader } from '../../tables/header.ts';
import { declaredTypesOf, type DeclaredTypes } from '../../tables/validate.ts';
import { keyText } from '../../tables/keys.ts';
import {
  firstMissingKey,
  patchedQuery,
  stageTable,
  type PatchMode,
  type PatchSource,
} from '../../tables/patch.ts';
import { RowSpool } from '../../tables/spool.ts';
import type { Cell, TableHeader } from '../../tables/types.ts';
import { tooManyRows, writeTableFromRows } from '../../tables/write.ts';
import { ErrorCollector } from '../../../lib/tables/table-errors.ts';
import { RowShaper, coerceRow } from '../../../lib/tables/rows.ts';
import { parquetFile } from '../table-files.ts';
import type { DatasetVersion } from '../../../contracts/datasets.ts';
import { addVersionWith, asApiErrors, type StoredContent } from './content.ts';
import type { Published } from './idempotency.ts';
import { latestTable } from './keys.ts';

/** A patch's content as a body or an upload gives it: its columns, declared types, rows. */
export type PatchRows = {
  attributes: unknown;
  attributeTypes?: unknown;
  rows: AsyncIterable<unknown> | Iterable<unknown>;
};

/** The version a patch applies to, with the dataset's key. */
type PatchBase = { sha256: string; header: TableHeader; key: string[] };

/** A cell as the canonical text the stage holds (what the latest version's rows read as). */
const textOf = (cell: Cell): string | null =>
  cell === null
    ? null
    : typeof cell === 'string'
      ? cell
      : isBigInteger(cell)
        ? cell.rawJSON
        : String(cell);

/** 400 PATCH_COLUMNS_MISMATCH: a patch has other columns than the ones its mode takes. */
const columnsMismatch = (mode: PatchMode, expected: string[]) =>
  new AppError(
    400,
    'PATCH_COLUMNS_MISMATCH',
    mode === 'delete'
      ? `A delete patch has exactly the key's columns: ${expected.join(', ')}`
      : `A patch has exactly the latest version's columns: ${expected.join(', ')}`,
    { columns: expected.join(', ') },
  );

/**
 * The patch's columns, checked: the header rules of any table, then exactly the latest version's
 * columns (only the key's for `delete`) in any order, with no declared type but theirs. Returns,
 * for each expected column, its position in the patch's rows.
 */
function patchOrder(ctx: Context, base: PatchBase, mode: PatchMode, source: PatchRows) {
  const errors = new ErrorCollector();
  const checked = checkHeader(source.attributes, source.attributeTypes, ctx.config.limits, errors);
  if (!checked) throw new TableValidationError(errors.list());
  const expected = mode === 'delete' ? base.key : base.header.attributes;
  const given = checked.attributes;
  const same = given.length === expected.length && expected.every((name) => given.includes(name));
  if (!same) throw columnsMismatch(mode, expected);
  const wrongType = given.find(
    (name, i) => checked.declared[i] !== undefined && checked.declared[i] !== typeOf(base, name),
  );
  if (wrongType !== undefined) {
    throw new AppError(
      400,
      'PATCH_TYPE_MISMATCH',
      `Column "${wrongType}" is ${typeOf(base, wrongType)} in the latest version; a patch keeps its types`,
      { column: wrongType, type: typeOf(base, wrongType) },
    );
  }
  return { expected, order: expected.map((name) => given.indexOf(name)), given };
}

const typeOf = (base: PatchBase, name: string) => base.header.attributeTypes[name] ?? 'string';

/**
 * Reads and checks every row of the patch (the types of the latest version, the rules of any
 * upload), keeping them as canonical text in a spool; any invalid row refuses the whole patch
 * with every error listed. Gives the number of columns and the sha256 of the rows as kept (in
 * the latest version's column order), which the patch's `Idempotency-Key` remembers.
 */
async function spoolPatch(
  ctx: Context,
  base: PatchBase,
  mode: PatchMode,
  source: PatchRows,
  spool: RowSpool,
): Promise<{ width: number; digest: string }> {
  const { expected, order, given } = patchOrder(ctx, base, mode, source);
  const digest = createHash('sha256');
  const types = expected.map((name) => typeOf(base, name));
  const errors = new ErrorCollector();
  const shaper = new RowShaper(given);
  const { maxRows } = ctx.config.limits;
  let row = 0;
  for await (const entry of source.rows) {
    row += 1;
    if (row > maxRows) throw tooManyRows(maxRows);
    const values = shaper.shape(entry, row, errors);
    if (!values) continue;
    const cells = coerceRow(
      order.map((i) => values[i]),
      types,
      expected,
      row,
      errors,
    );
    if (!cells || errors.any) continue;
    const texts = cells.map(textOf);
    digest.update(`${JSON.stringify(texts)}\n`);
    const wait = spool.write(texts);
    if (wait) await wait;
  }
  if (errors.any) throw new TableValidationError(errors.list());
  return { width: expected.length, digest: digest.digest('hex') };
}

/** Loads the spooled rows into the stage table, numbered in their order. */
async function loadStage(connection: DuckDBConnection, stage: string, spool: RowSpool) {
  const appender = await connection.createAppender(stage);
  let p = 0;
  for await (const values of spool.rows()) {
    appender.appendInteger(p++);
    for (const value of values) {
      if (typeof value === 'string') appender.appendVarchar(value);
      else appender.appendNull();
    }
    appender.endRow();
  }
  appender.closeSync();
}

/** 400 KEY_NOT_FOUND: a delete patch names a key no row has. */
const keyNotFound = (row: number, key: string) =>
  new AppError(400, 'KEY_NOT_FOUND', `Row ${row} of the patch names a key no row has (${key})`, {
    row,
    key,
  });

/** Builds the new version's blob from the latest version's Parquet file and the staged patch. */
async function buildPatched(
  ctx: Context,
  base: PatchBase,
  mode: PatchMode,
  spool: RowSpool,
  width: number,
) {
  const file = await parquetFile(ctx, base.sha256);
  const stage = `patch_${randomUUID().replaceAll('-', '')}`;
  return ctx.tables.use(async (connection) => {
    await connection.run(stageTable(stage, width));
    try {
      await loadStage(connection, stage, spool);
      const columns = await storedColumns(connection, file, base.header);
      const key = base.key.map((name) => base.header.attributes.indexOf(name));
      const source: PatchSource = { file, columns, key, stage };
      if (mode === 'delete') {
        const missing = await firstMissingKey(connection, source);
        if (missing) throw keyNotFound(missing.row, keyText(base.key, missing.values));
      }
      const result = await connection.stream(patchedQuery(source, mode));
      async function* rows() {
        for await (const chunk of result.yieldRows()) yield* chunk;
      }
      return await writeTableFromRows(ctx.blobs, base.header, rows(), {
        limits: ctx.config.limits,
      });
    } finally {
      await connection.run(`DROP TABLE IF EXISTS ${stage}`);
    }
  });
}

/** The write of a patch version (see addVersionWith): the new table built from the spool. */
const patchWrite =
  (ctx: Context, base: PatchBase, mode: PatchMode, spool: RowSpool, width: number) =>
  async (): Promise<StoredContent> => {
    const stored = await buildPatched(ctx, base, mode, spool, width);
    return { header: base.header, ...stored };
  };

/** 400 KEY_REQUIRED: upsert and delete find rows by the dataset's key. */
function requireKey(mode: PatchMode, keyColumns: string[]): void {
  if (mode !== 'append' && keyColumns.length === 0) {
    throw new AppError(
      400,
      'KEY_REQUIRED',
      `A ${mode} patch finds rows by the dataset's key; declare key columns first`,
    );
  }
}

/**
 * The write of the table a patch makes of `latest` (a version of a dataset whose key is
 * `keyColumns`): the patch read, checked and spooled, then built with DuckDB. Proposals
 * (docs/proposals.md) build their tables with it.
 */
export function patchTableWrite(
  ctx: Context,
  latest: { sha256: string; header: TableHeader },
  keyColumns: string[],
  mode: PatchMode,
  source: () => Promise<PatchRows>,
): () => Promise<StoredContent> {
  requireKey(mode, keyColumns);
  const base = { sha256: latest.sha256, header: latest.header, key: keyColumns };
  return () =>
    asApiErrors(
      (async () => {
        const spool = new RowSpool(ctx.blobs.tempPath());
        try {
          const { width } = await spoolPatch(ctx, base, mode, await source(), spool);
          return await patchWrite(ctx, base, mode, spool, width)();
        } finally {
          await spool.remove();
        }
      })(),
    );
}

/**
 * POST /datasets/{id}/versions?mode=append|upsert|delete: the next version made from the latest
 * one and a change (owner only, as any version). The change is read and checked first (400 when
 * a row is invalid, nothing stored); sent again with its `Idempotency-Key`, it is answered with
 * the version it made (idempotency.ts), else the new table is built with DuckDB and stored as
 * any version is. Upsert and delete need the dataset's key (400 KEY_REQUIRED); the version is
 * refused (409 VERSION_CONFLICT) when another was published meanwhile, since the patch was built
 * on the one before it.
 */
export async function addPatch(
  ctx: Context,
  viewerId: number,
  datasetId: number,
  fields: { changelog: string; mode: PatchMode },
  source: () => Promise<PatchRows>,
  canRewrite: boolean,
  key?: string,
): Promise<Published<DatasetVersion>> {
  const latest = await latestTable(ctx, datasetId, viewerId);
  const { keyColumns, latestVersion } = latest.dataset;
  requireKey(fields.mode, keyColumns);
  const base = { sha256: latest.sha256, header: latest.header, key: keyColumns };
  const spool = new RowSpool(ctx.blobs.tempPath());
  try {
    const { width, digest } = await asApiErrors(
      (async () => spoolPatch(ctx, base, fields.mode, await source(), spool))(),
    );
    const write = () => asApiErrors(patchWrite(ctx, base, fields.mode, spool, width)());
    const asked = { ...fields, base: latestVersion, patch: digest };
    return await addVersionWith(ctx, viewerId, datasetId, asked, write, canRewrite, key);
  } finally {
    await spool.remove();
  }
}

/** A JSON body's patch: `attributes` and `entries` as a whole table has them. */
export const patchOfBody =
  (body: DeclaredTypes & { attributes: unknown; entries: unknown[] }) =>
  async (): Promise<PatchRows> => ({
    attributes: body.attributes,
    attributeTypes: declaredTypesOf(body),
    rows: body.entries,
  });
