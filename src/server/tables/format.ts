import { ATTRIBUTE_TYPES, type AttributeType, type Cell, type TableHeader } from './types.ts';
import { isOneOf } from '../../contracts/narrowing.ts';

/**
 * The blob format, before compression (the sha256 is taken over these bytes):
 *   line 1: {"format":"sheaf-table","version":1,"attributes":[…],"types":[…]}
 *   then one JSON array per row, values in column order, each line ending in "\n".
 * JSON.stringify gives one spelling per value, so equal tables give equal bytes.
 */
const BLOB_FORMAT = 'sheaf-table';
const BLOB_VERSION = 1;

export function headerLine(header: TableHeader): string {
  const types = header.attributes.map((a) => header.attributeTypes[a] ?? 'string');
  return `${JSON.stringify({
    format: BLOB_FORMAT,
    version: BLOB_VERSION,
    attributes: header.attributes,
    types,
  })}\n`;
}

export const rowLine = (cells: readonly Cell[]): string => `${JSON.stringify(cells)}\n`;

const isType = (v: unknown): v is AttributeType => isOneOf(ATTRIBUTE_TYPES, v);

export function parseHeaderLine(line: string | undefined): TableHeader {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line ?? '');
  } catch {
    parsed = null;
  }
  const h = parsed as {
    format?: unknown;
    version?: unknown;
    attributes?: unknown;
    types?: unknown;
  };
  if (
    h?.format !== BLOB_FORMAT ||
    h.version !== BLOB_VERSION ||
    !Array.isArray(h.attributes) ||
    !Array.isArray(h.types) ||
    h.attributes.length !== h.types.length ||
    !h.attributes.every((a) => typeof a === 'string') ||
    !h.types.every(isType)
  ) {
    throw new Error('Not a Sheaf table blob');
  }
  const attributes = h.attributes;
  const types = h.types;
  return {
    attributes,
    attributeTypes: Object.fromEntries(attributes.map((a, c) => [a, types[c] ?? 'string'])),
  };
}
