import { z } from 'zod';
import { cellSchema } from './datasets.ts';
import { CHANGES_PAGE } from './limits.ts';
import { queryInteger, wholeNumber } from './query-numbers.ts';

/**
 * What changed in each version from the one before (docs/living-datasets.md, "What changed"):
 * computed at publish and stored with the version.
 */

/** A figure of the version before and of this one (null where that side has no such column). */
const shiftSchema = <T extends z.ZodType>(value: T) =>
  z.object({ before: value.nullable(), after: value.nullable() });

/**
 * Column name → value, checked to be an object and passed on as it is: z.record would copy it and
 * leave out a column named `__proto__` (any text is a column name).
 */
export function byColumn<T extends z.ZodType>(value: T) {
  // Its own (empty) registry: the value is written out whole, never as a `$ref` to a named
  // schema, whenever this runs (before or after src/server/openapi-schemas.ts names them).
  const { $schema: _, ...values } = z.toJSONSchema(value, {
    io: 'output',
    unrepresentable: 'any',
    metadata: z.registry<Record<string, unknown>>(),
  });
  return z
    .unknown()
    .refine((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    .meta({
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: values,
    }) as unknown as z.ZodType<Record<string, z.output<T>>>;
}

const columnChangeSchema = z.object({
  type: shiftSchema(z.string()),
  /** Cells that differ between rows paired by key; null without a key or for a column only one side has. */
  changed_cells: z.number().int().nullable(),
  /** Share of the rows whose value is missing, 0 … 1 (null for a table without rows). */
  null_share: shiftSchema(z.number()),
  distinct: shiftSchema(z.number().int()),
  min: shiftSchema(cellSchema),
  max: shiftSchema(cellSchema),
  /** Numbers only. */
  mean: shiftSchema(z.number()),
});
export type ColumnChange = z.infer<typeof columnChangeSchema>;

const rowValuesSchema = byColumn(cellSchema);

const changeExampleSchema = z.object({
  kind: z.enum(['changed', 'added', 'removed']),
  /** The row's key values (rows paired by key), else null. */
  key: rowValuesSchema.nullable(),
  /** A changed row: only the cells that differ; an added or removed row: all its cells. */
  before: rowValuesSchema.nullable(),
  after: rowValuesSchema.nullable(),
});
export type ChangeExample = z.infer<typeof changeExampleSchema>;

export const changeSummarySchema = z.object({
  version: z.number().int(),
  /** The columns rows were paired by, or null when they compared whole. */
  key: z.array(z.string()).nullable(),
  rows_added: z.number().int(),
  rows_removed: z.number().int(),
  /** Rows whose key both versions hold and whose other values differ; null without a key. */
  rows_changed: z.number().int().nullable(),
  columns_added: z.array(z.string()),
  columns_removed: z.array(z.string()),
  columns_retyped: z.array(z.object({ name: z.string(), from: z.string(), to: z.string() })),
  columns: byColumn(columnChangeSchema),
  examples: z.array(changeExampleSchema),
  /** The proposal whose merge made this version (docs/proposals.md), when one did. */
  proposal: z
    .object({
      id: z.number().int(),
      title: z.string(),
      author: z
        .object({ id: z.number().int(), username: z.string(), nickname: z.string() })
        .nullable(),
    })
    .optional(),
});
export type ChangeSummary = z.infer<typeof changeSummarySchema>;

export const changesQuerySchema = z.object({
  since: queryInteger(
    wholeNumber('since').min(0, 'since must be a non-negative integer').default(0),
  ).describe(
    `Versions after this one, oldest first, at most ${CHANGES_PAGE}; ask again with the last version given for more`,
  ),
});

export const changesResponseSchema = z.object({ changes: z.array(changeSummarySchema) });
export type ChangesResponse = z.infer<typeof changesResponseSchema>;
