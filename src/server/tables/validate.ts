import { ErrorCollector, tableError } from '../../lib/tables/table-errors.ts';
import { checkHeader } from './header.ts';
import { TypeInference } from '../../lib/tables/type-inference.ts';
import { RowShaper, coerceRow } from '../../lib/tables/rows.ts';
import type { Cell, Table, TableError, TableLimits } from './types.ts';

/** Declared column types under either name: `attribute_types`, or `attributes_type`. */
export type DeclaredTypes = { attribute_types?: unknown; attributes_type?: unknown };

/**
 * The declared column types: `attributes_type`, the name a version answers its types under, is
 * taken for `attribute_types`, which wins when both are sent.
 */
export const declaredTypesOf = (input: DeclaredTypes): unknown =>
  input.attribute_types ?? input.attributes_type;

export type TableInput = DeclaredTypes & { attributes: unknown; entries: unknown };
export type ValidationResult = { is_valid: boolean; errors: TableError[]; table?: Table };

const invalid = (errors: ErrorCollector): ValidationResult => ({
  is_valid: false,
  errors: errors.list(),
});

/**
 * Checks a table sent as JSON and, when it is valid, returns it normalised: names trimmed, every
 * column typed (declared or inferred over all rows), every value coerced. The header is checked
 * first; rows are only checked once the header is sound.
 */
export function validateTable(input: TableInput, limits: TableLimits): ValidationResult {
  const errors = new ErrorCollector();
  const header = checkHeader(input.attributes, declaredTypesOf(input), limits, errors);
  if (!header) return invalid(errors);
  const { entries } = input;
  if (!Array.isArray(entries)) {
    errors.add(tableError(null, null, 'ENTRIES_NOT_LIST', 'Entries must be a list of rows'));
    return invalid(errors);
  }
  if (entries.length > limits.maxRows) {
    errors.add(
      tableError(
        null,
        null,
        'TOO_MANY_ROWS',
        `The table has ${entries.length} rows; at most ${limits.maxRows} are allowed`,
      ),
    );
    return invalid(errors);
  }

  const shaper = new RowShaper(header.attributes);
  const inference = new TypeInference(header.declared);
  const shaped = new Array<unknown[] | null>(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const values = shaper.shape(entries[i], i + 1, errors);
    shaped[i] = values;
    if (values) inference.observe(values);
  }
  const types = inference.types();
  const rows: Cell[][] = [];
  for (let i = 0; i < shaped.length; i++) {
    const values = shaped[i];
    shaped[i] = null;
    if (!values) continue;
    const cells = coerceRow(values, types, header.attributes, i + 1, errors);
    if (cells && !errors.any) rows.push(cells);
  }
  if (errors.any) return invalid(errors);
  const attributeTypes = Object.fromEntries(
    header.attributes.map((a, c) => [a, types[c] ?? 'string']),
  );
  return {
    is_valid: true,
    errors: [],
    table: { attributes: header.attributes, attributeTypes, rows },
  };
}
