/**
 * Which parts of a text a search matched, for marking them in search results (docs/search.md,
 * "Highlighting"). The rules are the search index's, written again for the page: `searchFold`
 * is `search_fold` (src/server/db/migrations/0014_search_fold_portable.sql), `TOKEN` is
 * `search_tokens`' pattern and the terms are `search_query_of`'s (0011_search_han_forms.sql).
 * Pure and server-free: no database is asked.
 */
import { HAN_CLASSES } from './search-han-classes.ts';

/** A piece of the text as written, and whether the search matched it. */
type HighlightPart = { text: string; match: boolean };

const CJK = '\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff';
const SYMBOL =
  '!-/:-@\\[-`{-~\u00a0-\u00bf\u2000-\u206f\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65';
/** A CJK run, a word, or one symbol: `search_tokens`' three kinds of token. */
const TOKEN = new RegExp(`[${CJK}]+|[^\\s${SYMBOL}${CJK}]+|\\S`, 'gu');
const CJK_START = new RegExp(`^[${CJK}]`, 'u');
const SYMBOL_ONLY = new RegExp(`^[${SYMBOL}]$`, 'u');
/**
 * What folding may merge into the character before it (accents, kana voicing marks, conjoining
 * Hangul vowels and finals), so that the two are folded together.
 */
const JOINING = /^[\p{M}\uff9e\uff9f\u1160-\u11ff]/u;
const ASCII = /^[\0-\x7f]*$/;

/**
 * `search_fold`: compatibility forms become plain (NFKC: ＧＤＰ → gdp), case folds in every
 * script, accents go, a final sigma is a sigma.
 */
function searchFold(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replaceAll('ς', 'σ');
}

let hanForms: Map<string, string> | null = null;

/** Every form of a CJK character, itself among them (`search_han_forms`). */
function formsOf(ch: string): string {
  if (!hanForms) {
    hanForms = new Map();
    for (const cls of HAN_CLASSES) for (const c of cls) hanForms.set(c, cls);
  }
  return hanForms.get(ch) ?? ch;
}

/** A query term: a CJK run as the forms of each of its characters, a word prefix or a symbol. */
type Term = { kind: 'cjk'; forms: string[] } | { kind: 'word' | 'symbol'; text: string };

/** The terms of a query, as `search_query_of` reads them. */
function termsOf(query: string): Term[] {
  return Array.from(searchFold(query).matchAll(TOKEN), ([token]): Term => {
    if (CJK_START.test(token)) return { kind: 'cjk', forms: Array.from(token, formsOf) };
    return { kind: SYMBOL_ONLY.test(token) ? 'symbol' : 'word', text: token };
  });
}

/**
 * A text folded, with where each unit of the folded text came from: `from[i]`..`to[i]` in the
 * text as written (null: the same place, when folding keeps every length).
 */
type Folded = { text: string; from: number[] | null; to: number[] | null };

/** An ASCII or a common CJK character (most are), which folding leaves alone or lower-cases. */
const isPlain = (code: number) => code < 0x80 || (code >= 0x3400 && code <= 0x9fff);

/** Where the character at `start` ends, with the marks that join it. */
function clusterEnd(text: string, start: number): number {
  let end = start + (text.codePointAt(start)! > 0xffff ? 2 : 1);
  while (end < text.length) {
    const code = text.charCodeAt(end);
    if (code < 0x300 || isPlain(code) || !JOINING.test(text.slice(end, end + 2))) break;
    end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  }
  return end;
}

function foldWithPlaces(text: string): Folded {
  if (ASCII.test(text)) return { text: text.toLowerCase(), from: null, to: null };
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  for (let start = 0; start < text.length;) {
    const end = clusterEnd(text, start);
    const cluster = text.slice(start, end);
    const f =
      end - start === 1 && isPlain(cluster.charCodeAt(0))
        ? cluster.toLowerCase()
        : searchFold(cluster);
    for (let i = 0; i < f.length; i++) {
      from.push(start);
      to.push(end);
    }
    folded += f;
    start = end;
  }
  return { text: folded, from, to };
}

/** Marks in `marked` the folded units that `terms` match in the token at `start`. */
function markToken(terms: Term[], token: string, start: number, marked: Uint8Array): void {
  const cjk = CJK_START.test(token);
  for (const term of terms) {
    if (term.kind === 'cjk') {
      if (!cjk) continue;
      const n = term.forms.length;
      for (let i = 0; i + n <= token.length; i++) {
        let j = 0;
        while (j < n && term.forms[j]!.includes(token[i + j]!)) j++;
        if (j === n) marked.fill(1, start + i, start + i + n);
      }
    } else if (term.kind === 'word' ? !cjk && token.startsWith(term.text) : token === term.text) {
      marked.fill(1, start, start + term.text.length);
    }
  }
}

/** The text as written, cut into runs of matched and unmatched characters. */
function partsOf(text: string, matched: Uint8Array): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i++) {
    if (i < text.length && matched[i] === matched[start]) continue;
    parts.push({ text: text.slice(start, i), match: matched[start] === 1 });
    start = i;
  }
  return parts;
}

let lastQuery: { query: string; terms: Term[] } | null = null;

/**
 * `text` cut into the parts that a search for `query` matched and the rest, by the index's
 * rules: folded alike (case, full-width forms, accents, traditional and simplified Han forms),
 * a CJK run wherever it occurs, a word as the start of a word, a symbol literally. Joined, the
 * parts are `text` exactly; neighbouring matches are one part.
 */
export function highlightParts(text: string, query: string): HighlightPart[] {
  if (lastQuery?.query !== query) lastQuery = { query, terms: termsOf(query) };
  const { terms } = lastQuery;
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  const folded = foldWithPlaces(text);
  const marked = new Uint8Array(folded.text.length);
  for (const { 0: token, index } of folded.text.matchAll(TOKEN)) {
    markToken(terms, token, index, marked);
  }
  if (!folded.from || !folded.to) return partsOf(text, marked);
  const matched = new Uint8Array(text.length);
  for (let i = 0; i < marked.length; i++) {
    if (marked[i]) matched.fill(1, folded.from[i], folded.to[i]);
  }
  return partsOf(text, matched);
}
