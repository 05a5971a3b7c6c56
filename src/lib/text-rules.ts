/**
 * Text the API refuses anywhere (fields, query parameters, table cells): C0 control characters
 * other than tab, line feed and carriage return, DEL, and lone UTF-16 surrogates (no character
 * at all). PostgreSQL cannot store U+0000, and none of these belong in a name, a description, a
 * search or a cell.
 */
// With the `u` flag a surrogate range matches only surrogates that are not part of a pair.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]/u;

/** The first forbidden character of `text` as "U+0000", or null when the text is clean. */
export function forbiddenCharacter(text: string): string | null {
  const match = FORBIDDEN.exec(text);
  if (!match) return null;
  const code = match[0].codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The path of the first string in `value` (an object, array or string; keys included) with a
 * forbidden character, and that character; null when there is none.
 */
export function findForbiddenText(
  value: unknown,
  path = '',
  depth = 0,
): { field: string; character: string } | null {
  if (typeof value === 'string') {
    const character = forbiddenCharacter(value);
    return character ? { field: path || 'value', character } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value);
  for (const [key, inner] of entries) {
    const here = path ? `${path}.${key}` : key;
    const character = forbiddenCharacter(key);
    if (character) return { field: here, character };
    const found = findForbiddenText(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}
