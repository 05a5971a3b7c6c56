import { type BigInteger, isBigInteger } from '../../lib/big-integer.ts';
import { isInt64Text } from '../../lib/tables/infer.ts';

export { type BigInteger, isBigInteger };

/** A JSON number kept as this text, e.g. a big integer's digits (Node always has `JSON.rawJSON`). */
export const bigInteger = (digits: string): BigInteger =>
  (JSON.rawJSON as (t: string) => BigInteger)(digits);

/**
 * Whole-number digits (an optional sign, then digits) as a 64-bit integer cell: a number when
 * safe, else a big integer in canonical digits; null when out of the 64-bit range.
 */
export function int64(digits: string): number | BigInteger | null {
  if (!isInt64Text(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? (n === 0 ? 0 : n) : bigInteger(BigInt(digits).toString());
}

/** A DuckDB BIGINT (or HUGEINT) value as a cell. */
export function fromBigint(value: bigint): number | BigInteger {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : bigInteger(value.toString());
}
