import { isBigInteger } from '../big-integer.ts';
import { isOneOf } from '../../contracts/narrowing.ts';

/**
 * Column types, and the strict tests for the numeric and boolean ones that inference uses
 * (`INFERABLE` in values.ts, `TypeInference` in type-inference.ts: one rule for the server and
 * the upload form, docs/tables.md).
 */

export const ATTRIBUTE_TYPES = [
  'integer',
  'number',
  'boolean',
  'date',
  'datetime',
  'string',
] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const isAttributeType = (value: unknown): value is AttributeType =>
  isOneOf(ATTRIBUTE_TYPES, value);

const STRICT_INTEGER = /^-?(?:0|[1-9]\d*)$/;
const STRICT_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Whether whole-number digits fit a 64-bit integer column (BIGINT). */
export const isInt64Text = (digits: string): boolean => {
  if (Number.isSafeInteger(Number(digits))) return true;
  const n = BigInt(digits);
  return n >= INT64_MIN && n <= INT64_MAX;
};

/** A whole number within the 64-bit range (a number, a big integer read exactly, or its text). */
export function fitsInteger(v: unknown): boolean {
  if (typeof v === 'number') return Number.isSafeInteger(v);
  const t = isBigInteger(v) ? v.rawJSON : typeof v === 'string' ? v.trim() : null;
  if (t === null) return false;
  return STRICT_INTEGER.test(t) && isInt64Text(t);
}

/** The significant digits of a decimal (`-0.0250e3` → `25`), without sign, point or exponent. */
const significant = (decimal: string): string =>
  (decimal.split(/[eE]/)[0] ?? '').replace(/[-+.]/g, '').replace(/^0+|0+$/g, '');

/** The smallest double with full precision (2^−1022); below it digits are lost sooner. */
const SMALLEST_NORMAL = 2 ** -1022;

/**
 * Whether a double holds every digit of the decimal it was read from. Up to 15 significant digits
 * a normal double always does; otherwise only when its shortest spelling has the same digits
 * (`0.30000000000000004` does, `3.14159265358979323846` or `1e-400` does not).
 */
export function keepsDigits(text: string, n: number): boolean {
  // Written as the double's own spelling (as most files write numbers): quick, and the same.
  if (String(n) === text) return true;
  const digits = significant(text);
  if (digits.length <= 15 && Math.abs(n) >= SMALLEST_NORMAL) return true;
  return digits === significant(String(n));
}

/** A finite number that keeps its digits (a number, its text, or a JSON number kept as written). */
export function fitsNumber(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  const t = isBigInteger(v) ? v.rawJSON : typeof v === 'string' ? v.trim() : null;
  if (t === null) return false;
  if (!STRICT_NUMBER.test(t)) return false;
  const n = Number(t);
  // A long run of digits is an identifier, not a number: it would lose digits as one.
  return Number.isFinite(n) && (/[.eE]/.test(t) ? keepsDigits(t, n) : Number.isSafeInteger(n));
}

/** true or false, as a value or as text in any case. */
export const fitsBoolean = (v: unknown) =>
  typeof v === 'boolean' || (typeof v === 'string' && /^\s*(?:true|false)\s*$/i.test(v));
