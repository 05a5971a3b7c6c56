import { keepsDigits } from './infer.ts';

/**
 * Reading table JSON (a request body of the table calls, a JSON Lines line, a JSON file in the
 * upload form) so that a number means what its text says, as the same text in a CSV file would:
 * a number a double cannot say as written comes back as `JSON.rawJSON` of its exact text —
 * an integer past ±(2^53−1) (`9007199254740993`), a decimal with more digits than a double holds
 * (`123456789012345678.5`, `1e-400`, `1e400`) and a whole number written with a fraction or an
 * exponent (`2.0`, `1e3`, which are `number`s, not `integer`s). Every other number is a plain
 * number. A browser without `JSON.rawJSON` reads them all as plain numbers.
 */

/** A JSON string (written unrolled: several times faster than `"(?:[^"\\]|\\.)*"`). */
const STRINGS = /"[^"\\]*(?:\\.[^"\\]*)*"/g;
const INTEGER_SOURCE = /^-?\d+$/;

/** Whether a double says exactly what its JSON text `source` wrote, and as the same kind of number. */
function plainNumber(source: string, value: number): boolean {
  if (INTEGER_SOURCE.test(source)) return Number.isSafeInteger(value);
  if (!Number.isFinite(value) || Number.isInteger(value)) return false;
  // A double's shortest spelling says every digit it holds: the same text lost none.
  return String(value) === source || keepsDigits(source, value);
}

/** The numbers of JSON text whose strings were emptied (`""`): nothing else holds a digit. */
const NUMBERS = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Whether every number of `outside` (JSON text with its strings emptied) is a plain number. */
function allPlain(outside: string): boolean {
  NUMBERS.lastIndex = 0;
  for (let m = NUMBERS.exec(outside); m !== null; m = NUMBERS.exec(outside)) {
    const source = m[0];
    if (!plainNumber(source, Number(source))) return false;
  }
  return true;
}

/**
 * JSON.parse for table JSON. The source-text reviver (several times slower) only runs when a
 * number outside the text's strings is such a number: one of 17 digits that a double says
 * exactly (`142.85714285714286`, common in exported data) is found plain without it.
 */
export function parseTableJson(text: string): unknown {
  const raw = JSON.rawJSON;
  if (raw === undefined || allPlain(text.replace(STRINGS, '""'))) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' &&
    context?.source !== undefined &&
    !plainNumber(context.source, value)
      ? raw(context.source)
      : value,
  );
}
