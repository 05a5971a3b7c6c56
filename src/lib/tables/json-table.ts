import { DraftError } from './draft-error.ts';
import { parseTableJson } from './exact-json.ts';
import { listKeysInOrder } from './repeated-keys.ts';
import { isRecord } from '../../contracts/narrowing.ts';

/**
 * A table in a JSON file (the upload form's and `sheaf push`'s): a list of objects, whose
 * columns are their keys in order of first appearance, or `{attributes, entries[,
 * attribute_types]}`. Numbers are read as written (`parseTableJson`).
 */
export type JsonTable = {
  attributes: string[];
  /** Rows: objects keyed by column, or (with `attributes`) lists in column order. */
  entries: unknown[];
  /** The file's `attribute_types` (or `attributeTypes`), as given: the others are inferred. */
  declared: Record<string, unknown>;
};

/**
 * The line of a JSON syntax error, from the engine's message ("… at position 42 (line 3
 * column 5)", "… at line 3 column 5 …"); null when it gives neither. The message itself is the
 * engine's, in English whatever the page's language, so the form says the line in its own words.
 */
function syntaxErrorLine(message: string, json: string): number | null {
  const line = /\bline (\d+)/.exec(message);
  if (line) return Number(line[1]);
  const position = /\bposition (\d+)/.exec(message);
  return position ? json.slice(0, Number(position[1])).split('\n').length : null;
}

/** Reads a JSON table; throws DraftError (`jsonSyntax`, `jsonSyntaxAt`, `jsonShape`). */
export function readJsonTable(text: string): JsonTable {
  let value: unknown;
  const json = text.replace(/^\uFEFF/, '');
  try {
    value = parseTableJson(json);
  } catch (error) {
    const line = syntaxErrorLine(error instanceof Error ? error.message : '', json);
    throw line === null ? new DraftError('jsonSyntax') : new DraftError('jsonSyntaxAt', line);
  }
  if (Array.isArray(value)) {
    const list: unknown[] = value;
    const attributes: string[] = [];
    const known = new Set<string>();
    list.forEach((entry, i) => {
      if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
        throw new DraftError('jsonShape', i + 1);
      }
      for (const key of Object.keys(entry)) {
        if (!known.has(key)) {
          known.add(key);
          attributes.push(key);
        }
      }
    });
    return { attributes: listKeysInOrder(text, attributes), entries: list, declared: {} };
  }
  if (isRecord(value)) {
    const { attributes, entries } = value;
    const declared = value['attribute_types'] ?? value['attributeTypes'];
    if (
      Array.isArray(attributes) &&
      attributes.every((a) => typeof a === 'string') &&
      Array.isArray(entries)
    ) {
      const types = isRecord(declared) ? declared : {};
      return { attributes, entries, declared: types };
    }
  }
  throw new DraftError('jsonShape');
}
