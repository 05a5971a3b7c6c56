import { isBigInteger } from '../big-integer.ts';

/**
 * Column types in the browser, for the upload preview: the same types and the same strict rules
 * as the server's inference (docs/tables.md), so what the preview proposes is what the server
 * would infer. A column gets the first of integer → number → boolean → date → datetime that fits
 * every non-blank value, else string; a column without any value is string.
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
  typeof value === 'string' && (ATTRIBUTE_TYPES as readonly string[]).includes(value);

const STRICT_INTEGER = /^-?(?:0|[1-9]\d*)$/;
const STRICT_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const STRICT_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?)?(?:\s*([Zz]|[+-]\d{2}(?::?\d{2})?))?$/;

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= (m === 2 && isLeap(y) ? 29 : (MONTH_DAYS[m - 1] ?? 0));
}

const blank = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

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

function fitsDate(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const m = STRICT_DATE.exec(v.trim());
  return m !== null && validDate(Number(m[1]), Number(m[2]), Number(m[3]));
}

function fitsDatetime(v: unknown): boolean {
  if (typeof v !== 'string') return false;
  const m = DATETIME.exec(v.trim());
  if (!m || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return false;
  if (Number(m[4] ?? 0) > 23 || Number(m[5] ?? 0) > 59 || Number(m[6] ?? 0) > 59) return false;
  const zone = m[7];
  if (zone === undefined || zone === 'Z' || zone === 'z') return true;
  const hhmm = zone.slice(1).replace(':', '');
  return Number(hhmm.slice(0, 2)) <= 18 && Number(hhmm.slice(2) || 0) <= 59;
}

const RULES: readonly [AttributeType, (v: unknown) => boolean][] = [
  ['integer', fitsInteger],
  ['number', fitsNumber],
  ['boolean', fitsBoolean],
  ['date', fitsDate],
  ['datetime', fitsDatetime],
];

/** The type of every column, inferred over `rows` (each a list of values in column order). */
export function inferTypes(columns: number, rows: Iterable<readonly unknown[]>): AttributeType[] {
  const candidates = Array.from({ length: columns }, () => RULES.map(() => true));
  const seen = new Array<boolean>(columns).fill(false);
  for (const row of rows) {
    for (let c = 0; c < columns; c++) {
      const value = row[c];
      if (blank(value)) continue;
      seen[c] = true;
      const possible = candidates[c];
      if (!possible) continue;
      RULES.forEach(([, fits], t) => {
        if (possible[t] && !fits(value)) possible[t] = false;
      });
    }
  }
  return candidates.map((possible, c) => {
    if (!seen[c]) return 'string';
    const t = possible.indexOf(true);
    return t === -1 ? 'string' : (RULES[t]?.[0] ?? 'string');
  });
}
