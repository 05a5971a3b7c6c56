import { forbiddenCharacter } from '../../../lib/text-rules.ts';
import type { OrderKey } from './search.ts';

/**
 * Whether a cursor's value reads as its order key's type in the database, as every value this
 * server writes into a cursor does (the text PostgreSQL gives for it). A value that would not
 * (a cursor edited by hand, or cut short) would make the page's query fail: such a cursor is
 * refused as not one (400) instead.
 */
export function readsAs(type: OrderKey['type'], text: string): boolean {
  switch (type) {
    case 'int':
      return /^-?\d{1,10}$/.test(text) && Math.abs(Number(text)) <= INT_MAX;
    case 'float8':
      return isFloat(text, Number.MAX_VALUE, Number.MIN_VALUE);
    case 'real':
      return isFloat(text, REAL_MAX, REAL_MIN);
    case 'timestamptz':
      return isTimestamp(text);
    case 'boolean':
      return text === 'true' || text === 'false';
    case 'text':
      // Text no name holds, and PostgreSQL's text cannot (U+0000).
      return forbiddenCharacter(text) === null;
  }
}

const INT_MAX = 2_147_483_647;
const REAL_MAX = 3.4028234663852886e38;
const REAL_MIN = 1.401298464324817e-45;
const FLOAT = /^-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

/** A decimal number within ±max that is 0 only when written as 0 (no underflow). */
function isFloat(text: string, max: number, min: number): boolean {
  if (!FLOAT.test(text)) return false;
  const n = Math.abs(Number(text));
  const zero = !/[1-9]/.test(text.split(/e/i)[0]!);
  return n <= max && (zero ? n === 0 : n >= min);
}

/** A timestamp as PostgreSQL writes one (`2026-01-31 08:00:00.123456+00`), on a real day. */
function isTimestamp(text: string): boolean {
  const parts = TIMESTAMP.exec(text);
  if (!parts) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = parts
    .slice(1, 7)
    .map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  );
}
