import { fitsBoolean, fitsInteger, fitsNumber, isInt64Text, type AttributeType } from './infer.ts';
import { isBigInteger, type BigInteger } from '../big-integer.ts';

/**
 * Parsing one value into a column type. `coerce` is the lenient parse used when writing a column
 * (declared or inferred); `fits` is the strict test used by inference, which only picks a type when
 * every value is already written the usual way for it (so `"007"` or `"TRUE "`-style oddities keep a
 * column as text unless its type is declared). Whatever `fits` accepts, `coerce` accepts too.
 */

/**
 * A normalised value: numbers are JSON numbers (integers beyond ±(2^53−1) big integers, exact),
 * dates and datetimes ISO 8601 text, null = missing.
 */
export type Cell = string | number | boolean | BigInteger | null;

export const INVALID: unique symbol = Symbol('invalid');
export type Coerced = Cell | typeof INVALID;

/** A value allowed in a cell before coercion: text, a finite or big integer number, a boolean or missing. */
export const isScalar = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  isBigInteger(v);

/** Missing for every type: null, undefined or empty text. Non-text columns also treat blank text as missing. */
const isMissing = (v: unknown): boolean => v === null || v === undefined || v === '';

const INTEGER_TEXT = /^[+-]?\d+$/;
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE_TEXT = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/;
const DATETIME_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(?:\s*([Zz]|[+-]\d{2}(?::?\d{2})?))?$/;
const BOOLEAN_TEXT: Record<string, boolean> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

const STRICT_DATE = /^\d{4}-\d{2}-\d{2}$/;

const noNegativeZero = (n: number) => (n === 0 ? 0 : n);
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
const pad4 = (n: number) => String(n).padStart(4, '0');

/**
 * Digits of a whole number as a 64-bit integer cell: a number when safe, else a big integer in
 * canonical digits (in a browser without `JSON.rawJSON`, the nearest number: enough to check the
 * value); INVALID out of range.
 */
function integerOf(digits: string): Coerced {
  if (!isInt64Text(digits)) return INVALID;
  const n = Number(digits);
  const raw = JSON.rawJSON;
  if (Number.isSafeInteger(n) || raw === undefined) return n === 0 ? 0 : n;
  return raw(BigInt(digits).toString());
}

/**
 * A JSON number kept as written (`parseTableJson`): its digits when it is an integer past 2^53,
 * else (`2.0`, `1e3`, `123456789012345678.5`) the number its text says, for the types that read
 * numbers as numbers.
 */
const rawNumber = (v: BigInteger): number => Number(v.rawJSON);
const isRawInteger = (v: BigInteger): boolean => INTEGER_TEXT.test(v.rawJSON);

function toInteger(v: unknown): Coerced {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? noNegativeZero(v) : INVALID;
  if (isBigInteger(v)) return isRawInteger(v) ? integerOf(v.rawJSON) : toInteger(rawNumber(v));
  if (typeof v !== 'string') return INVALID;
  const t = v.trim();
  if (t === '') return null;
  if (!INTEGER_TEXT.test(t)) return INVALID;
  return integerOf(t);
}

function toNumber(v: unknown): Coerced {
  if (typeof v === 'number') return Number.isFinite(v) ? noNegativeZero(v) : INVALID;
  if (isBigInteger(v)) return toNumber(rawNumber(v));
  if (typeof v !== 'string') return INVALID;
  const t = v.trim();
  if (t === '') return null;
  if (!NUMBER_TEXT.test(t)) return INVALID;
  const n = Number(t);
  return Number.isFinite(n) ? noNegativeZero(n) : INVALID;
}

function toBoolean(v: unknown): Coerced {
  if (typeof v === 'boolean') return v;
  if (isBigInteger(v)) return isRawInteger(v) ? INVALID : toBoolean(rawNumber(v));
  if (v === 1 || v === 0) return v === 1;
  if (typeof v !== 'string') return INVALID;
  const t = v.trim().toLowerCase();
  if (t === '') return null;
  return BOOLEAN_TEXT[t] ?? INVALID;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function validDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = m === 2 && isLeap(y) ? 29 : (MONTH_DAYS[m - 1] ?? 0);
  return d <= days;
}

/** Already `YYYY-MM-DD` (the common case, checked without allocating) or null. */
const CANONICAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Already `YYYY-MM-DDTHH:MM:SS[.fff][Z]` with no trailing zero in the fraction. */
const CANONICAL_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d*[1-9])?Z?$/;
/** The number written by the ASCII digits `s[from..to)` (already known to be digits). */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

function toDate(v: unknown): Coerced {
  if (typeof v !== 'string') return INVALID;
  if (CANONICAL_DATE.test(v)) {
    return validDate(digits(v, 0, 4), digits(v, 5, 7), digits(v, 8, 10)) ? v : INVALID;
  }
  const t = v.trim();
  if (t === '') return null;
  const m = DATE_TEXT.exec(t);
  if (!m) return INVALID;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return validDate(y, mo, d) ? `${m[1]}-${pad2(mo)}-${pad2(d)}` : INVALID;
}

/** ISO 8601 date and time; with an offset it is converted to UTC (`…Z`), without one it stays a local time. */
function toDatetime(v: unknown): Coerced {
  if (typeof v !== 'string') return INVALID;
  if (CANONICAL_DATETIME.test(v)) {
    const ok =
      validDate(digits(v, 0, 4), digits(v, 5, 7), digits(v, 8, 10)) &&
      digits(v, 11, 13) < 24 &&
      digits(v, 14, 16) < 60 &&
      digits(v, 17, 19) < 60;
    return ok ? v : INVALID;
  }
  const t = v.trim();
  if (t === '') return null;
  const m = DATETIME_TEXT.exec(t);
  if (!m) return INVALID;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return INVALID;
  const fraction = (m[7] ?? '').replace(/0+$/, '');
  const frac = fraction === '' ? '' : `.${fraction}`;
  const zone = m[8];
  let offset = 0;
  if (zone !== undefined && zone !== 'Z' && zone !== 'z') {
    const hhmm = zone.slice(1).replace(':', '');
    const oh = Number(hhmm.slice(0, 2));
    const om = Number(hhmm.slice(2) || 0);
    if (oh > 18 || om > 59) return INVALID;
    offset = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  if (offset === 0) {
    const suffix = zone === undefined ? '' : 'Z';
    return `${m[1]}-${pad2(mo)}-${pad2(d)}T${pad2(h)}:${pad2(mi)}:${pad2(s)}${frac}${suffix}`;
  }
  const at = new Date(0);
  at.setUTCFullYear(y, mo - 1, d);
  at.setUTCHours(h, mi - offset, s, 0);
  const year = at.getUTCFullYear();
  if (year < 0 || year > 9999) return INVALID;
  const date = `${pad4(year)}-${pad2(at.getUTCMonth() + 1)}-${pad2(at.getUTCDate())}`;
  const time = `${pad2(at.getUTCHours())}:${pad2(at.getUTCMinutes())}:${pad2(at.getUTCSeconds())}`;
  return `${date}T${time}${frac}Z`;
}

function toText(v: unknown): Coerced {
  if (typeof v === 'string') return v === '' ? null : v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : INVALID;
  if (isBigInteger(v)) return v.rawJSON;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return INVALID;
}

const COERCE: Record<AttributeType, (v: unknown) => Coerced> = {
  integer: toInteger,
  number: toNumber,
  boolean: toBoolean,
  date: toDate,
  datetime: toDatetime,
  string: toText,
};

/** The value as its column type, `null` when missing, or INVALID. */
export function coerce(value: unknown, type: AttributeType): Coerced {
  if (value === null || value === undefined) return null;
  return COERCE[type](value);
}

const fitsDate = (v: unknown): boolean =>
  typeof v === 'string' && STRICT_DATE.test(v.trim()) && toDate(v) !== INVALID;

const fitsDatetime = (v: unknown): boolean => typeof v === 'string' && toDatetime(v) !== INVALID;

/** An integer that a number column holds exactly: one past 2^53 does not fit `number`. */
const isSafeInteger = (v: unknown): boolean =>
  typeof v === 'number' || (typeof v === 'string' && Number.isSafeInteger(Number(v)));
const always = () => true;
const never = () => false;

/**
 * Strict tests for the inferable types, in inference order. `impliesNext(v)`: a value that fits
 * this type also fits the next one (a safe integer is a number, a date is a datetime), so
 * inference can skip that test.
 */
export const INFERABLE: readonly {
  type: AttributeType;
  fits: (v: unknown) => boolean;
  impliesNext: (v: unknown) => boolean;
}[] = [
  { type: 'integer', fits: fitsInteger, impliesNext: isSafeInteger },
  { type: 'number', fits: fitsNumber, impliesNext: never },
  { type: 'boolean', fits: fitsBoolean, impliesNext: never },
  { type: 'date', fits: fitsDate, impliesNext: always },
  { type: 'datetime', fits: fitsDatetime, impliesNext: never },
];

/** Missing for inference: no value, or blank text (which every type but `string` reads as missing). */
export const isBlank = (v: unknown): boolean =>
  isMissing(v) || (typeof v === 'string' && v.trim() === '');
