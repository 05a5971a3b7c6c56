/**
 * The description excerpt of a search result, with what the search matched marked (docs/search.md,
 * "Highlighting"): the excerpt every card shows, or, when the description's first match lies past
 * it, a window of the same length around that match, so the reader sees why the dataset matched.
 * Pure, like the marks: no database, no script on the page.
 */
import {
  excerpt,
  EXCERPT_MAX,
  excerptWindow,
  fitsExcerpt,
  oneLine,
} from '../contracts/cut-text.ts';
import {
  firstHint,
  highlightParts,
  searchFold,
  wordBoundary,
  type HighlightPart,
} from './search-highlight.ts';

const ELLIPSIS: HighlightPart = { text: '…', match: false };

/** The parts of `parts` (which join to a text) that fall within `start`..`end` of that text. */
function partsWithin(parts: HighlightPart[], start: number, end: number): HighlightPart[] {
  const within: HighlightPart[] = [];
  let at = 0;
  for (const part of parts) {
    const from = Math.max(start, at);
    const to = Math.min(end, at + part.text.length);
    if (from < to) within.push({ text: part.text.slice(from - at, to - at), match: part.match });
    at += part.text.length;
    if (at >= end) break;
  }
  return within;
}

/** Where the first marked part of `parts` starts and ends, or null. */
function firstMatch(parts: HighlightPart[]): { from: number; to: number } | null {
  let at = 0;
  for (const part of parts) {
    if (part.match) return { from: at, to: at + part.text.length };
    at += part.text.length;
  }
  return null;
}

/** How much of the text before and after the first match's likely place `stretchMarked` marks. */
const BEFORE = EXCERPT_MAX + 40;
const AFTER = 2 * EXCERPT_MAX + 200;

/**
 * The stretch of `text` around its first match, marked, and where it starts in `text`; null when
 * nothing in it matches. Folding keeps the length of most texts, so the first match is likely
 * where the quick look (`firstHint`) found it in the folded text: when folding the text before
 * that place keeps its length, nothing before it matches, and only the stretch around it is
 * marked; else (or when the stretch misses the match or the window after it) all of it is.
 */
function stretchMarked(text: string, query: string): { parts: HighlightPart[]; at: number } | null {
  const hint = firstHint(text, query);
  if (hint === -1) return null;
  if (hint <= text.length && searchFold(text.slice(0, hint)).length <= hint) {
    const at = wordBoundary(text, Math.max(0, hint - BEFORE));
    const end = Math.min(text.length, hint + AFTER);
    const parts = highlightParts(text.slice(at, end), query);
    const match = firstMatch(parts);
    if (!match && end === text.length) return null;
    if (match && (end === text.length || at + match.to + EXCERPT_MAX < end)) return { parts, at };
  }
  return { parts: highlightParts(text, query), at: 0 };
}

/**
 * The excerpt of `description` a search for `query` shows, in matched and plain parts: the card's
 * usual excerpt (`excerpt`) while the first match lies wholly inside its opening (`fitsExcerpt`:
 * 160 letters wide, 80 Chinese characters, which a card's three lines show in full on a wide
 * screen) or nothing matched, else a window of as many characters as the excerpt starting a
 * little before the first match (`excerptWindow`), with … on each side where the description goes
 * on. Without a query (''), the usual excerpt, unmarked; an empty description gives no parts.
 */
export function searchExcerpt(description: string, query: string): HighlightPart[] {
  const text = oneLine(description);
  const head = excerpt(text);
  const headEnd = head === text ? text.length : head.length - 1;
  const headParts = highlightParts(text.slice(0, headEnd), query);
  const more = headEnd < text.length ? [ELLIPSIS] : [];
  const opening = firstMatch(headParts);
  const shownWhole = !more.length || (opening !== null && fitsExcerpt(text, opening.to));
  const stretch = shownWhole ? null : stretchMarked(text, query);
  const match = stretch && firstMatch(stretch.parts);
  if (!stretch || !match || fitsExcerpt(text, stretch.at + match.to)) {
    return [...headParts.filter((part) => part.text !== ''), ...more];
  }
  const { start, end } = excerptWindow(text, stretch.at + match.from, stretch.at + match.to);
  const shown = partsWithin(stretch.parts, start - stretch.at, end - stretch.at);
  const last = shown.at(-1);
  if (last && !last.match && end < text.length) last.text = last.text.trimEnd();
  return [...(start > 0 ? [ELLIPSIS] : []), ...shown, ...(end < text.length ? [ELLIPSIS] : [])];
}
