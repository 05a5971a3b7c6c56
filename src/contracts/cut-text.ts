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
export const EXCERPT_MAX = 160;

/** A description on one line: runs of white space become one space, none at either end. */
export const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * A description on one line (`oneLine`), cut after `max` characters with … added (the … is one
 * more), without spaces before it.
 */
export function excerpt(text: string, max = EXCERPT_MAX): string {
  const flat = oneLine(text);
  const head = headWhenLonger(flat, max, max);
  return head === null ? flat : `${head.trimEnd()}…`;
}

/** Whether a cut at `at` would split a character: a pair of surrogates or a letter and its accent. */
const splits = (text: string, at: number) => /^[\udc00-\udfff\p{M}]/u.test(text.slice(at, at + 1));

/** East Asian wide characters (CJK, kana, Hangul, full-width forms): each as wide as two others. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/**
 * Whether the first `end` units of a one-line excerpt fit in the width of `max` letters, a wide
 * character counting two: what a card shows of it on a wide screen.
 */
export function fitsExcerpt(text: string, end: number, max = EXCERPT_MAX): boolean {
  let width = 0;
  for (let i = 0; i < end && width <= max; i++) width += WIDE.test(text[i]!) ? 2 : 1;
  return width <= max;
}

/** Whether `at` lies between two characters of a word written with spaces (not Chinese). */
const insideWord = (text: string, at: number) =>
  /^[^\s]{2}$/.test(text.slice(at - 1, at + 1)) && !WIDE.test(text.slice(at - 1, at + 1));

/** Where the text before `from` starts that is `columns` wide, a wide character counting two. */
function leadStart(text: string, from: number, columns: number): number {
  let start = from;
  for (let width = 0; start > 0 && width < columns; start--) {
    width += WIDE.test(text[start - 1]!) ? 2 : 1;
  }
  return start;
}

/**
 * Where a window of about `max` units of the one-line `text` starts and ends so that it shows
 * `from`..`to` (a match past the excerpt) with about a fifth of the window's width before it (a
 * Chinese character counting two). Where that would cut a word written with spaces, it starts
 * after a space and ends before one that is near (within an eighth of the window; else inside
 * the long word); it never cuts a character from its accent. Near the end of the text it starts
 * earlier to keep its length, up to half its width before the match, so the match stays in the
 * lines a card shows.
 */
export function excerptWindow(
  text: string,
  from: number,
  to: number,
  max = EXCERPT_MAX,
): { start: number; end: number } {
  const near = Math.round(max / 8);
  const lead = Math.min(leadStart(text, from, Math.round(max / 5)), text.length - max);
  let start = Math.max(0, lead, leadStart(text, from, max / 2));
  if (insideWord(text, start)) {
    const space = text.indexOf(' ', start);
    if (space !== -1 && space < Math.min(from, start + near)) start = space + 1;
  }
  while (start > 0 && start < from && (text[start] === ' ' || splits(text, start))) start++;
  let end = start + max;
  if (end >= text.length) return { start, end: text.length };
  const space = insideWord(text, end) ? text.lastIndexOf(' ', end) : -1;
  if (space > Math.max(to, end - near)) end = space;
  while (end > to && splits(text, end)) end--;
  return { start, end };
}
