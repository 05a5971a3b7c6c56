/**
 * Key case conversion between the API (snake_case on the wire) and the browser (camelCase):
 * `keysToCamel` for responses, `keysToSnake` for request bodies and queries, and the `Camelize`
 * type for turning wire types into browser types. Only keys change, never values. Values under
 * the keys in `DATA_KEYS` are user data keyed by column names (dataset rows, attribute types,
 * column descriptions) and are passed through untouched; the key itself is still converted.
 */

import { isBigInteger } from './big-integer.ts';

/** Keys (in either spelling) whose values are user data and must keep their own keys. */
const DATA_KEYS: ReadonlySet<string> = new Set([
  'attributeTypes',
  'attribute_types',
  'attributesType',
  'attributes_type',
  'columnDescriptions',
  'column_descriptions',
  'entries',
  'preview',
]);
type DataKey =
  | 'attributeTypes'
  | 'attribute_types'
  | 'attributesType'
  | 'attributes_type'
  | 'columnDescriptions'
  | 'column_descriptions'
  | 'entries'
  | 'preview';

/** 'created_at' → 'createdAt'. A leading underscore is kept. */
export const toCamelKey = (key: string): string =>
  key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** 'createdAt' → 'created_at'. */
export const toSnakeKey = (key: string): string =>
  key.replace(/(?<=[a-z0-9])([A-Z])/g, (_, c: string) => `_${c.toLowerCase()}`);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || isBigInteger(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convert(
  value: unknown,
  rename: (key: string) => string,
  dataKeys: ReadonlySet<string>,
): unknown {
  if (Array.isArray(value)) return value.map((item) => convert(item, rename, dataKeys));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '__proto__') continue;
    out[rename(key)] = dataKeys.has(key) ? inner : convert(inner, rename, dataKeys);
  }
  return out;
}

/** Deeply converts object keys to camelCase (plain objects and arrays only). */
export function keysToCamel<T = unknown>(value: unknown, dataKeys = DATA_KEYS): T {
  return convert(value, toCamelKey, dataKeys) as T;
}

/** Deeply converts object keys to snake_case (plain objects and arrays only). */
export function keysToSnake<T = unknown>(value: unknown, dataKeys = DATA_KEYS): T {
  return convert(value, toSnakeKey, dataKeys) as T;
}

type SnakeToCamel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? Head extends ''
    ? `_${SnakeToCamel<Tail>}`
    : `${Head}${Capitalize<SnakeToCamel<Tail>>}`
  : S;

/** The browser-side type of a wire (snake_case) type: what `keysToCamel` returns. */
export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends Date | Blob
    ? T
    : T extends object
      ? {
          [K in keyof T as K extends string ? SnakeToCamel<K> : K]: K extends DataKey
            ? T[K]
            : Camelize<T[K]>;
        }
      : T;
