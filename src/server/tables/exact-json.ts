/** A run this long may be an integer past 2^53 (9007199254740992 has 16 digits). */
const LONG_DIGITS = /\d{16}/;
const INTEGER_SOURCE = /^-?\d+$/;

/**
 * JSON.parse that never rounds an integer: a whole number beyond ±(2^53−1) written as digits
 * comes back as its exact text, which the table rules then keep (a text column) or refuse (a
 * declared integer column) instead of storing a neighbouring float. Other values parse as usual;
 * the source-text reviver only runs when the text holds a long run of digits.
 */
export function parseJsonExact(text: string): unknown {
  if (!LONG_DIGITS.test(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' &&
    !Number.isSafeInteger(value) &&
    context?.source !== undefined &&
    INTEGER_SOURCE.test(context.source)
      ? context.source
      : value,
  );
}
