/** Where a key may end: its closing quote, then a colon. */
const KEY_END = /"\s*:/g;
const SPACE = /\s/;

/**
 * The first key an object written on one line gives twice (`{"a":1,"a":2}`), or null.
 * `JSON.parse` keeps the last of the two values without a word; a table must not lose the other.
 * `keys` is how many keys the parsed object holds: the line is read character by character only
 * when it shows more key endings than that (a repeat, or a `":` inside some text).
 */
export function repeatedKey(line: string, keys: number): string | null {
  if ((line.match(KEY_END)?.length ?? 0) <= keys) return null;
  const seen = new Set<string>();
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === '"') {
      const start = i;
      for (i++; i < line.length && line[i] !== '"'; i++) if (line[i] === '\\') i++;
      if (depth !== 1) continue;
      let next = i + 1;
      while (next < line.length && SPACE.test(line[next]!)) next++;
      if (line[next] !== ':') continue;
      const key = JSON.parse(line.slice(start, i + 1)) as string;
      if (seen.has(key)) return key;
      seen.add(key);
    }
  }
  return null;
}

/** The repeated key of a parsed JSON Lines value that is an object, or null. */
export const repeatedKeyOf = (line: string, value: unknown): string | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? repeatedKey(line, Object.keys(value).length)
    : null;
