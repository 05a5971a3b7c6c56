import { type BigInteger, isBigInteger } from '../../lib/big-integer.ts';

export { type BigInteger, isBigInteger };

/** A JSON number kept as this text, e.g. a big integer's digits (Node always has `JSON.rawJSON`). */
export const bigInteger = (digits: string): BigInteger =>
  (JSON.rawJSON as (t: string) => BigInteger)(digits);

/** A DuckDB BIGINT (or HUGEINT) value as a cell. */
export function fromBigint(value: bigint): number | BigInteger {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : bigInteger(value.toString());
}
