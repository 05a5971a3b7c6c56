/**
 * Cutting text short, the one way the server, the browser and the tests do it: `clipped` for
 * cells and quoted values, `excerpt` for descriptions. Zod-free and apart from limits.ts, so an
 * island that only shows an excerpt loads nothing else.
 */

/**
 * The one way text is cut: the first `keep` characters of `text` (code points; a pair of
 * surrogates is never split) when it has more than `limit` characters (`keep` ≤ `limit`), else
 * null. Reads at most `limit` + 1 characters of a long text.
 */
function headWhenLonger(text: string, keep: number, limit: number): string | null {
  // Fewer UTF-16 units than `limit` means no more characters than that either.
  if (text.length <= limit) return null;
  let end = 0;
  let head = 0;
  for (let seen = 0; seen < limit; seen++) {
    if (end >= text.length) return null;
    end += text.codePointAt(end)! > 0xffff ? 2 : 1;
    if (seen < keep) head = end;
  }
  return end >= text.length ? null : text.slice(0, head);
}

/**
 * `text` cut to `max` characters (code points; a pair of surrogates is never split), ending in
 * … when it was longer: the … counts as one of the `max`. Reads at most `max` + 1 characters of
 * a long text.
 */
export function clipped(text: string, max: number): string {
  const head = headWhenLonger(text, max - 1, max);
  return head === null ? text : `${head}…`;
}

/** How many characters of a description a card, a feed or a page's meta description shows. */
const EXCERPT_MAX = 160;

/**
 * A description on one line (runs of white space become one space), cut after `max` characters
 * with … added (the … is one more), without spaces before it.
 */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const head = headWhenLonger(flat, max, max);
  return head === null ? flat : `${head.trimEnd()}…`;
}
