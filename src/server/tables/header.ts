import { columnNameProblem } from '../../lib/tables/column-names.ts';
import { tableError, type ErrorCollector } from '../../lib/tables/table-errors.ts';
import {
  ATTRIBUTE_TYPES,
  MAX_ATTRIBUTE_LENGTH,
  type AttributeType,
  type TableLimits,
} from './types.ts';
import { isOneOf } from '../../contracts/narrowing.ts';

export type CheckedHeader = {
  attributes: string[];
  /** Declared type per column, `undefined` where it is to be inferred. */
  declared: (AttributeType | undefined)[];
};

const isType = (v: unknown): v is AttributeType => isOneOf(ATTRIBUTE_TYPES, v);

/**
 * Checks the column names and the declared types. Names are trimmed; they must be text showing
 * something (one of only spaces and invisible characters has no name, src/lib/visible-text.ts) of
 * at most MAX_ATTRIBUTE_LENGTH characters without control characters, and unique ignoring case
 * (`Name` and `name` would collide in spreadsheets and databases). Returns null when anything is wrong.
 */
export function checkHeader(
  attributes: unknown,
  attributeTypes: unknown,
  limits: TableLimits,
  errors: ErrorCollector,
): CheckedHeader | null {
  const before = errors.count;
  if (!Array.isArray(attributes)) {
    errors.add(
      tableError(null, null, 'ATTRIBUTES_NOT_LIST', 'Attributes must be a list of column names'),
    );
    return null;
  }
  if (attributes.length === 0) {
    errors.add(tableError(null, null, 'NO_ATTRIBUTES', 'A table needs at least one column'));
    return null;
  }
  if (attributes.length > limits.maxColumns) {
    errors.add(
      tableError(
        null,
        null,
        'TOO_MANY_COLUMNS',
        `The table has ${attributes.length} columns; at most ${limits.maxColumns} are allowed`,
      ),
    );
    return null;
  }
  const names: string[] = [];
  const firstByKey = new Map<string, number>();
  attributes.forEach((raw: unknown, i) => {
    const position = `Column ${i + 1}`;
    const name = typeof raw === 'string' ? raw.trim() : '';
    names.push(name);
    const problem = typeof raw === 'string' ? columnNameProblem(name) : null;
    if (typeof raw !== 'string') {
      errors.add(
        tableError(null, null, 'ATTRIBUTE_NOT_TEXT', `${position}: the name must be text`),
      );
    } else if (problem === 'empty') {
      errors.add(tableError(null, null, 'ATTRIBUTE_EMPTY', `${position} has no name`));
    } else if (problem === 'too_long') {
      errors.add(
        tableError(
          null,
          name,
          'ATTRIBUTE_TOO_LONG',
          `${position}: the name is longer than ${MAX_ATTRIBUTE_LENGTH} characters`,
        ),
      );
    } else if (problem === 'control') {
      errors.add(
        tableError(
          null,
          name,
          'ATTRIBUTE_INVALID_CHARACTER',
          `${position}: the name contains a line break or control character`,
        ),
      );
    } else {
      const key = name.toLowerCase();
      const first = firstByKey.get(key);
      if (first === undefined) firstByKey.set(key, i);
      else
        errors.add(
          tableError(
            null,
            name,
            'ATTRIBUTE_DUPLICATE',
            `${position}: the name ${JSON.stringify(name)} repeats column ${first + 1}`,
          ),
        );
    }
  });
  const declared = checkTypes(names, attributeTypes, errors);
  return errors.count === before ? { attributes: names, declared } : null;
}

function checkTypes(
  names: string[],
  attributeTypes: unknown,
  errors: ErrorCollector,
): (AttributeType | undefined)[] {
  const declared: (AttributeType | undefined)[] = names.map(() => undefined);
  if (attributeTypes === undefined || attributeTypes === null) return declared;
  if (typeof attributeTypes !== 'object' || Array.isArray(attributeTypes)) {
    errors.add(
      tableError(
        null,
        null,
        'ATTRIBUTE_TYPES_NOT_OBJECT',
        'Attribute types must be an object from column name to type',
      ),
    );
    return declared;
  }
  for (const [rawKey, type] of Object.entries(attributeTypes)) {
    const key = rawKey.trim();
    const index = names.indexOf(key);
    if (index === -1) {
      errors.add(
        tableError(
          null,
          key,
          'ATTRIBUTE_TYPE_UNKNOWN_COLUMN',
          `A type is given for ${JSON.stringify(key)}, which is not a column`,
        ),
      );
    } else if (isType(type)) {
      declared[index] = type;
    } else if (type !== null && type !== undefined) {
      errors.add(
        tableError(
          null,
          key,
          'ATTRIBUTE_TYPE_INVALID',
          `Column ${JSON.stringify(key)}: the type must be one of ${ATTRIBUTE_TYPES.join(', ')}`,
        ),
      );
    }
  }
  return declared;
}
