/** Where a key may end: its closing quote, then a colon. */
const KEY_END = /"\s*:/g;
const SPACE = /\s/;

/**
 * The keys of an object written on one line, as written (repeats included); with `at` 2, the
 * keys of the objects in a list (`[{…},{…}]`), one after the other.
 */
function* keysOf(line: string, at = 1): Generator<string> {
  let depth = 0;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === '"') {
      const start = i;
      for (i++; i < line.length && line[i] !== '"'; i++) if (line[i] === '\\') i++;
      if (depth !== at) continue;
      let next = i + 1;
      while (next < line.length && SPACE.test(line[next]!)) next++;
      if (line[next] !== ':') continue;
      yield JSON.parse(line.slice(start, i + 1)) as string;
    }
  }
}

/**
 * The first key an object written on one line gives twice (`{"a":1,"a":2}`), or null.
 * `JSON.parse` keeps the last of the two values without a word; a table must not lose the other.
 * `keys` is how many keys the parsed object holds: the line is read character by character only
 * when it shows more key endings than that (a repeat, or a `":` inside some text).
 */
export function repeatedKey(line: string, keys: number): string | null {
  if ((line.match(KEY_END)?.length ?? 0) <= keys) return null;
  const seen = new Set<string>();
  for (const key of keysOf(line)) {
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return null;
}

const INDEX_LIKE = /^(?:0|[1-9]\d*)$/;

/**
 * The keys of a parsed one-line object in the order the line writes them. A JavaScript object
 * lists keys that look like array indexes (`"2024"`) first, whatever their place; only then is
 * the line read again for their order.
 */
export function keysInOrder(line: string, value: object): string[] {
  const keys = Object.keys(value);
  return keys.some((key) => INDEX_LIKE.test(key)) ? [...new Set(keysOf(line))] : keys;
}

/** The repeated key of a parsed JSON Lines value that is an object, or null. */
export const repeatedKeyOf = (line: string, value: unknown): string | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? repeatedKey(line, Object.keys(value).length)
    : null;

/**
 * The columns of a JSON list of objects (a JSON download) in order of first appearance, each
 * object's keys as the text writes them; `keys` is that order by `Object.keys`, which lists keys
 * that look like array indexes first. The text is only read again when there is such a key.
 */
export const listKeysInOrder = (text: string, keys: string[]): string[] =>
  keys.some((key) => INDEX_LIKE.test(key)) ? [...new Set(keysOf(text, 2))] : keys;
