/**
 * What single-line user text (nicknames, dataset names, tags, column and token names) must show
 * and how it must read, and when optional free text (descriptions, bios, citations, changelogs)
 * counts as empty, zod-free so the server's schemas and the browser's forms share the one rule.
 */

/**
 * Characters that show nothing on their own: Unicode's default-ignorable code points (zero-width
 * space, non-joiner and joiner, word joiner, BOM U+FEFF, soft hyphen, variation selectors,
 * Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, Mongolian vowel separator U+180E, tag
 * characters…), besides spaces; and the characters that are not default-ignorable but are drawn
 * blank: the Braille blank U+2800 and the musical null notehead U+1D159.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800\u{1D159}]/gu;

/**
 * Characters that turn the direction of the text after them (embeddings, overrides, isolates):
 * "a\u202Eb" shows what follows the override reversed, so a name reads as something else.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;

const DIRECTION_CONTROLS = new RegExp(DIRECTION_CONTROL.source, 'gu');

/** The text without its direction controls (a provider's display name made into a nickname). */
export const withoutDirectionControls = (value: string): string =>
  value.replace(DIRECTION_CONTROLS, '');

/** Text with nothing visible in it: only spaces and invisible characters (or nothing at all). */
export const isBlank = (value: string): boolean => value.replace(INVISIBLE, '').trim() === '';

/**
 * Optional free text (a description, bio, citation or changelog) as stored: '' when it shows
 * nothing, so pages say there is none; otherwise as written, direction controls beside text
 * included (right-to-left Markdown needs them). For `.overwrite` of a trimmed string schema.
 */
export const emptyWhenBlank = (value: string): string => (isBlank(value) ? '' : value);

/** The first direction control in the text as "U+202E", or null when it has none. */
export function directionControlIn(value: string): string | null {
  const found = DIRECTION_CONTROL.exec(value)?.[0];
  return found === undefined
    ? null
    : `U+${(found.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}
