import { describe, expect, it } from 'vitest';
import { excerpt, EXCERPT_MAX } from '../../src/contracts/cut-text.ts';
import { searchExcerpt } from '../../src/lib/search-excerpt.ts';
import { highlightParts } from '../../src/lib/search-highlight.ts';

/** The excerpt a search result shows, with what the search matched in [brackets]. */
const shown = (description: string, query: string) =>
  searchExcerpt(description, query)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

/** The whole description on one line with what the search matched in [brackets]. */
const markedWhole = (description: string, query: string) =>
  highlightParts(description.replaceAll(/\s+/g, ' ').trim(), query)
    .map((p) => (p.match ? `[${p.text}]` : p.text))
    .join('');

/** A text of `n` words, none of them starting with a letter the tests search for. */
const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const LONG = `${filler(40)} Monthly rainfall in Chengdu, measured daily. ${filler(40)}`;

describe('the excerpt of a search result', () => {
  it('is the usual excerpt, marked, while the first match lies inside it', () => {
    const description = `Daily rainfall,\n\n  by station. ${filler(40)}`;
    expect(shown(description, 'rain')).toBe(excerpt(description).replace('rain', '[rain]'));
    expect(shown(description, '')).toBe(excerpt(description));
    expect(shown(description, 'nothing')).toBe(excerpt(description));
    expect(shown('Short one.', 'one')).toBe('Short [one].');
    expect(searchExcerpt('', 'rain')).toEqual([]);
    expect(searchExcerpt('  \n ', '')).toEqual([]);
  });

  it('is a window around the first match when that lies past the opening', () => {
    const text = shown(LONG, 'rainfall');
    expect(text).toMatch(
      /^…word\d+ .* Monthly \[rainfall\] in Chengdu, measured daily\. .*word\d+…$/,
    );
    expect(text.indexOf('[rainfall]')).toBeLessThan(EXCERPT_MAX / 4);
    expect(text.replaceAll(/[[\]]/g, '').length).toBeLessThanOrEqual(EXCERPT_MAX + 2);
    expect(text.replaceAll(/[[\]]/g, '').length).toBeGreaterThan(EXCERPT_MAX - 20);
    expect(LONG.replaceAll(/\s+/g, ' ')).toContain(text.replaceAll(/[[\]…]/g, ''));
  });

  it('marks every match inside the window, by the same rules as the marks', () => {
    expect(shown(LONG, 'CHENGDU daily')).toContain('in [Chengdu], measured [daily].');
    expect(shown(LONG.replace('Chengdu', '成都'), '成都')).toContain('in [成都], measured');
    expect(shown(LONG.replace('Chengdu', 'Ｃｈéｎｇｄｕ'), 'chengdu')).toContain('[Ｃｈéｎｇｄｕ]');
    expect(shown(LONG.replace('Chengdu', '臺灣'), '台湾')).toContain('in [臺灣],');
  });

  it('cuts a text without spaces between characters, never inside one', () => {
    const chinese = `${'各县市人口资料'.repeat(40)}成都市月降水量${'各县市人口资料'.repeat(40)}`;
    const text = shown(chinese, '降水');
    expect(text).toMatch(
      /^…(各县市人口资料|县市人口资料各|市人口资料各县|人口资料各县市|口资料各县市人|资料各县市人口|料各县市人口资)/,
    );
    expect(text).toContain('成都市月[降水]量');
    expect(text.indexOf('[降水]')).toBe(1 + EXCERPT_MAX / 5 / 2);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBe(EXCERPT_MAX + 2 + 2);
    const mixed = shown(`${'各县市人口资料。'.repeat(30)}Gauges rain also ${filler(40)}`, 'rain');
    expect(mixed).toMatch(/^…[各县市人口资料。]{13}Gauges \[rain\] also word0 /);
    const emoji = `${'😀'.repeat(200)}rain${'😀'.repeat(200)}`;
    for (const part of searchExcerpt(emoji, 'rain'))
      expect(part.text).toBe(part.text.toWellFormed());
  });

  it('counts a Chinese character as two letters in the opening it keeps', () => {
    const zh = (at: number) =>
      `${'各县市人口资料'.repeat(60).slice(0, at)}降水量${'人口资料'.repeat(40)}`;
    expect(shown(zh(70), '降水')).toBe(excerpt(zh(70)).replace('降水', '[降水]'));
    expect(shown(zh(100), '降水')).toMatch(/^…[^…[]{16}\[降水\]量/);
    expect(excerpt(zh(100))).toContain('降水');
  });

  it('starts up to half its width before a match near the end, with … only before it', () => {
    const text = shown(`${filler(60)} ends with rainfall.`, 'rainfall');
    expect(text).toMatch(/^…word\d+ .*ends with \[rainfall\]\.$/);
    expect(text.indexOf('[')).toBeGreaterThan(EXCERPT_MAX / 2 - 10);
    expect(text.indexOf('[')).toBeLessThanOrEqual(EXCERPT_MAX / 2 + 1);
    const zh = shown(`${'各县市人口资料'.repeat(25)}月降水量。`, '降水');
    expect(zh).toBe(`…${'各县市人口资料'.repeat(25).slice(-39)}月[降水]量。`);
  });

  it('takes the window when the first match runs past the end of the opening', () => {
    const description = `${'x'.repeat(150)} precipitation ${filler(40)}`;
    expect(shown(description, 'precipitation')).toMatch(/^…x{31} \[precipitation\] word0 /);
  });

  it('marks no full stop for a query piece of symbols alone, so the opening stays', () => {
    const description = `${filler(40)}. Monthly rainfall. ${filler(40)}`;
    expect(shown(description, '.')).toBe(excerpt(description));
    expect(shown(description, 'rainfall .')).toContain('Monthly [rainfall].');
  });

  it.each([
    [
      '… before it, which folding makes longer',
      `${'…'.repeat(300)} Monthly rainfall ${filler(40)}`,
    ],
    [
      'accents typed apart, which folding makes shorter',
      `${'e\u0301'.repeat(600)} rainfall ${filler(40)}`,
    ],
    [
      'a word holding the query before the match',
      `terrain ${filler(80)} rain and rainfall ${filler(40)}`,
    ],
    [
      'a word holding the query just before it',
      `${filler(30)} terrain ${filler(5)} rainfall ${filler(40)}`,
    ],
  ])('marks around the first match as marking the whole description does, with %s', (_, text) => {
    const window = shown(text, 'rain');
    const whole = markedWhole(text, 'rain');
    expect(window.startsWith('…')).toBe(true);
    expect(whole).toContain(window.replaceAll('…', '').trim());
    expect(window).toContain(whole.slice(whole.indexOf('['), whole.indexOf(']') + 1));
  });
});
