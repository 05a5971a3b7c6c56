/**
 * Integers beyond ±(2^53−1), which a JavaScript number cannot hold, travel as `JSON.rawJSON` of
 * their exact digits: JSON.stringify writes them back unchanged (blob lines, downloads, API
 * answers), so no path through the server rounds them. Safe integers stay plain numbers. A
 * browser without `JSON.rawJSON` reads such a value as the nearest number instead.
 */
export type BigInteger = { readonly rawJSON: string };

declare global {
  interface JSON {
    rawJSON?: (text: string) => BigInteger;
    isRawJSON?: (value: unknown) => boolean;
  }
}

export const isBigInteger = (value: unknown): value is BigInteger =>
  JSON.isRawJSON?.(value) === true;

/** A run this long may be an integer past 2^53 (9007199254740992 has 16 digits). */
const LONG_DIGITS = /\d{16}/;
const INTEGER_SOURCE = /^-?\d+$/;

/**
 * JSON.parse that never rounds an integer: a whole number beyond ±(2^53−1) written as digits
 * comes back as a big integer of its exact digits. Other values parse as usual; the source-text
 * reviver only runs when the text holds a long run of digits.
 */
export function parseJsonExact(text: string): unknown {
  const raw = JSON.rawJSON;
  if (raw === undefined || !LONG_DIGITS.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' &&
    !Number.isSafeInteger(value) &&
    context?.source !== undefined &&
    INTEGER_SOURCE.test(context.source)
      ? raw(context.source)
      : value,
  );
}
