/**
 * Which parts of a text a search matched, for marking them in search results (docs/search.md,
 * "Highlighting"). The rules are the search index's, written again for the page: `searchFold`
 * is `search_fold` (src/server/db/migrations/0014_search_fold_portable.sql), `TOKEN` is
 * `search_tokens`' pattern and the terms are `search_query_of`'s (0011_search_han_forms.sql).
 * Pure and server-free: no database is asked.
 */
import { HAN_CLASSES } from './search-han-classes.ts';

/** A piece of the text as written, and whether the search matched it. */
export type HighlightPart = { text: string; match: boolean };

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
export function searchFold(text: string): string {
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
type Term =
  | { kind: 'cjk'; forms: string[] }
  | { kind: 'word'; text: string }
  | { kind: 'symbol'; text: string };

/**
 * What a query marks: its words and CJK runs each wherever they match, and each piece typed
 * without spaces that holds symbols among words (`c++`, `3.5`, `node.js`) where the text has
 * those tokens next to each other, so its symbols are marked there and nowhere else. A piece of
 * symbols alone (`.`, `%`, `--`) marks nothing: the index asks for it, but it is in most texts.
 */
type Terms = { single: Term[]; runs: Term[][]; hint: RegExp | null };

/** What every match holds, folded: one of the single terms, anywhere (`firstHint`). */
function hintOf(single: Term[]): RegExp | null {
  if (single.length === 0) return null;
  const patterns = single.map((term) =>
    term.kind === 'cjk'
      ? term.forms.map((forms) => `[${forms}]`).join('')
      : term.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  );
  return new RegExp(patterns.join('|'), 'u');
}

function termOf(token: string): Term {
  if (CJK_START.test(token)) return { kind: 'cjk', forms: Array.from(token, formsOf) };
  return SYMBOL_ONLY.test(token) ? { kind: 'symbol', text: token } : { kind: 'word', text: token };
}

/** The terms of a query, as `search_query_of` reads them. */
function termsOf(query: string): Terms {
  const terms: Terms = { single: [], runs: [], hint: null };
  let piece: Term[] = [];
  let pieceEnd = -1;
  const endPiece = () => {
    const symbols = piece.filter((term) => term.kind === 'symbol').length;
    if (symbols > 0 && symbols < piece.length) terms.runs.push(piece);
    piece = [];
  };
  for (const { 0: token, index } of searchFold(query).matchAll(TOKEN)) {
    if (index !== pieceEnd) endPiece();
    const term = termOf(token);
    if (term.kind !== 'symbol') terms.single.push(term);
    piece.push(term);
    pieceEnd = index + token.length;
  }
  endPiece();
  terms.hint = hintOf(terms.single);
  return terms;
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

/** `searchFold` of a character and its marks, kept for the next time (normalizing is slow). */
const clusterFolds = new Map<string, string>();
function clusterFold(cluster: string): string {
  let folded = clusterFolds.get(cluster);
  if (folded === undefined) {
    if (clusterFolds.size >= 10_000) clusterFolds.clear();
    folded = searchFold(cluster);
    clusterFolds.set(cluster, folded);
  }
  return folded;
}

/** Where the run of plain characters from `start` ends, short of one that a mark joins. */
function plainEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && isPlain(text.charCodeAt(end))) end++;
  return end > start && end < text.length && clusterEnd(text, end - 1) > end ? end - 1 : end;
}

/** The text folded, a run of plain characters at once and any other character with its marks. */
function foldWithPlaces(text: string): Folded {
  if (ASCII.test(text)) return { text: text.toLowerCase(), from: null, to: null };
  const pieces: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  for (let start = 0; start < text.length;) {
    let end = plainEnd(text, start);
    if (end > start) {
      pieces.push(text.slice(start, end).toLowerCase());
      for (let i = start; i < end; i++) {
        from.push(i);
        to.push(i + 1);
      }
    } else {
      end = clusterEnd(text, start);
      const folded = clusterFold(text.slice(start, end));
      pieces.push(folded);
      for (let i = 0; i < folded.length; i++) {
        from.push(start);
        to.push(end);
      }
    }
    start = end;
  }
  return { text: pieces.join(''), from, to };
}

/** Marks in `marked` the folded units that the words and CJK runs `terms` match in `token`. */
function markToken(terms: Term[], { text: token, start }: Token, marked: Uint8Array): void {
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
    } else if (!cjk && token.startsWith(term.text)) {
      marked.fill(1, start, start + term.text.length);
    }
  }
}

/** A token of the folded text and where it starts. */
type Token = { text: string; start: number };

/**
 * How many units of `token` a term of a run matches, 0 for none. Inside the run a term matches
 * the whole token; the run's first term may match the end of a CJK run, its last term the start
 * of a word or of a CJK run.
 */
function runPartLength(term: Term, token: string, first: boolean, last: boolean): number {
  const cjk = CJK_START.test(token);
  if (term.kind === 'symbol') return token === term.text ? token.length : 0;
  if (term.kind === 'word') {
    if (cjk || !token.startsWith(term.text)) return 0;
    return last || token.length === term.text.length ? token.length : 0;
  }
  const n = term.forms.length;
  if (!cjk || token.length < n || (!first && !last && token.length !== n)) return 0;
  const at = first ? token.length - n : 0;
  return term.forms.every((forms, j) => forms.includes(token[at + j]!)) ? n : 0;
}

/** Marks in `marked` each place where `tokens` hold the run's terms next to each other. */
function markRun(run: Term[], tokens: Token[], marked: Uint8Array): void {
  for (let i = 0; i + run.length <= tokens.length; i++) {
    let from = 0;
    let to = 0;
    let j = 0;
    for (; j < run.length; j++) {
      const token = tokens[i + j]!;
      if (j > 0 && token.start !== to) break;
      const n = runPartLength(run[j]!, token.text, j === 0, j === run.length - 1);
      if (n === 0) break;
      if (j === 0) from = token.start + token.text.length - n;
      to = token.start + (j === run.length - 1 ? n : token.text.length);
    }
    if (j === run.length) marked.fill(1, from, to);
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

let lastQuery: { query: string; terms: Terms } | null = null;

/** The terms of `query`, read once for the page's many texts. */
function termsFor(query: string): Terms {
  if (lastQuery?.query !== query) lastQuery = { query, terms: termsOf(query) };
  return lastQuery.terms;
}

const WORD_CHARACTER = new RegExp(`[^\\s${SYMBOL}${CJK}]`, 'u');

/**
 * The first place at or after `at` that is not inside a word of `text`: marking the text from
 * there marks what marking all of it does there (a word's end would pass for a word).
 */
export function wordBoundary(text: string, at: number): number {
  let end = at;
  while (end > 0 && end < text.length && WORD_CHARACTER.test(text[end - 1]!)) {
    if (!WORD_CHARACTER.test(text[end]!)) break;
    end++;
  }
  return end;
}

/**
 * Where in `text` folded (`searchFold`) the first match of a search for `query` may start, or -1
 * when none of its words or CJK runs occurs anywhere in it: a quick look at the whole text folded
 * at once, which costs a small part of marking it (`highlightParts`). Every match starts at or
 * after this place; not every place it finds is a match (a word must start a word).
 */
export function firstHint(text: string, query: string): number {
  const { hint } = termsFor(query);
  return hint === null ? -1 : searchFold(text).search(hint);
}

/**
 * `text` cut into the parts that a search for `query` matched and the rest, by the index's
 * rules: folded alike (case, full-width forms, accents, traditional and simplified Han forms),
 * a CJK run wherever it occurs, a word as the start of a word, a symbol where the query has it
 * between words (`terms`). Joined, the parts are `text` exactly; neighbouring matches are one
 * part.
 */
export function highlightParts(text: string, query: string): HighlightPart[] {
  const { single, runs } = termsFor(query);
  if (single.length === 0 || text === '') return [{ text, match: false }];
  const folded = foldWithPlaces(text);
  const marked = new Uint8Array(folded.text.length);
  const tokens = Array.from(folded.text.matchAll(TOKEN), (m): Token => ({
    text: m[0],
    start: m.index,
  }));
  for (const token of tokens) markToken(single, token, marked);
  for (const run of runs) markRun(run, tokens, marked);
  if (!folded.from || !folded.to) return partsOf(text, marked);
  const matched = new Uint8Array(text.length);
  for (let i = 0; i < marked.length; i++) {
    if (marked[i]) matched.fill(1, folded.from[i], folded.to[i]);
  }
  return partsOf(text, matched);
}
