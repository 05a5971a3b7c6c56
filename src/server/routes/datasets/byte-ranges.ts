/** A single byte range of a file of `size` bytes, inclusive at both ends. */
export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range` header (RFC 9110 §14.1.2) for a file of `size` bytes: one range
 * (`bytes=a-b`, `bytes=a-`, `bytes=-n`) → that range clamped to the file; a range wholly past
 * the end → 'unsatisfiable'; anything else (several ranges, other units, nonsense) → null,
 * which means "send the whole file", as the RFC allows a server to.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
