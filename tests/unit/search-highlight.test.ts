import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HAN_CLASSES } from '../../src/lib/search-han-classes.ts';
import { highlightParts } from '../../src/lib/search-highlight.ts';

/** `text` with what a search for `query` matched in [brackets]; the parts always join to `text`. */
function marked(text: string, query: string): string {
  const parts = highlightParts(text, query);
  expect(parts.map((p) => p.text).join('')).toBe(text);
  return parts.map((p) => (p.match ? `[${p.text}]` : p.text)).join('');
}

describe('search highlighting', () => {
  it('marks one Chinese character wherever it occurs', () => {
    expect(marked('北京市城市人口', '城')).toBe('北京市[城]市人口');
    expect(marked('京都与北京', '京')).toBe('[京]都与北[京]');
  });

  it('marks a run of two or more Chinese characters only where the whole run occurs', () => {
    expect(marked('人口普查与人口', '人口')).toBe('[人口]普查与[人口]');
    expect(marked('第七次人口普查数据', '人口普查')).toBe('第七次[人口普查]数据');
    expect(marked('人口与普查', '人口普查')).toBe('人口与普查');
    expect(marked('人口, 普查', '人口普查')).toBe('人口, 普查');
  });

  it('marks traditional and simplified forms of each other', () => {
    expect(marked('臺灣人口統計', '台湾人口')).toBe('[臺灣人口]統計');
    expect(marked('台湾人口统计', '臺灣')).toBe('[台湾]人口统计');
    expect(marked('台灣人口', '臺')).toBe('[台]灣人口');
  });

  it('marks English words and the words a query word starts, in any case', () => {
    expect(marked('Population of Cities', 'population')).toBe('[Population] of Cities');
    expect(marked('World POPULATION', 'popul')).toBe('World [POPUL]ATION');
    expect(marked('Daily rain, rainfall and terrain', 'RAIN daily')).toBe(
      '[Daily] [rain], [rain]fall and terrain',
    );
  });

  it('folds full-width forms, accents and Greek case, marking the characters as written', () => {
    expect(marked('ＧＤＰ全角数据２０２４', 'gdp 2024')).toBe('[ＧＤＰ]全角数据[２０２４]');
    expect(marked('GDP 2024', 'ＧＤＰ')).toBe('[GDP] 2024');
    expect(marked('Menus of a café, CAFÉ', 'cafe')).toBe('Menus of a [café], [CAFÉ]');
    expect(marked('Cafe visits', 'café')).toBe('[Cafe] visits');
    expect(marked('cafe\u0301 latte', 'cafe')).toBe('[cafe\u0301] latte');
    expect(marked('ΟΔΟΣ registry', 'οδος')).toBe('[ΟΔΟΣ] registry');
    expect(marked('ﾃﾞｰﾀ 一覧', 'データ')).toBe('[ﾃﾞｰﾀ] 一覧');
  });

  it('keeps places right when folding changes lengths', () => {
    // İ folds to two units (i and a dot that goes), ﬁ to two letters, ㎡ to m2.
    expect(marked('İstanbul İzmir', 'izmir')).toBe('İstanbul [İzmir]');
    expect(marked('ﬁle ﬁnder', 'finder')).toBe('ﬁle [ﬁnder]');
    expect(marked('rent per ㎡ and m2', 'm2')).toBe('rent per [㎡] and [m2]');
    expect(marked('𝐀𝐁 data', 'ab')).toBe('[𝐀𝐁] data');
  });

  it('joins overlapping and neighbouring matches into one part', () => {
    expect(marked('人口人口', '人口')).toBe('[人口人口]');
    expect(marked('人人人', '人人')).toBe('[人人人]');
    expect(marked('PM2.5 日均值', 'pm2.5 日均')).toBe('[PM2.5] [日均]值');
    expect(marked('population', 'pop popul')).toBe('[popul]ation');
  });

  it('marks nothing for a query piece of symbols alone, such as a full stop', () => {
    expect(marked('100% of a_b. Done.', '%')).toBe('100% of a_b. Done.');
    expect(marked('100% of a_b. Done.', '.')).toBe('100% of a_b. Done.');
    expect(marked('100% of a_b. Done.', '_ -- .*')).toBe('100% of a_b. Done.');
    expect(marked('Rain. Daily rain.', 'rain .')).toBe('[Rain]. Daily [rain].');
  });

  it('marks a symbol only where the text has it next to the words the query has it with', () => {
    expect(marked('Version 3.5. Also 3 and 5.', '3.5')).toBe('Version [3.5]. Also [3] and [5].');
    expect(marked('Ratios 3.55 and 13.5', '3.5')).toBe('Ratios [3.55] and 13.[5]');
    expect(marked('C++ code, c+ grade, cpp++', 'c++')).toBe('[C++] [c]ode, [c]+ grade, [c]pp++');
    expect(marked('100% of a_b', '100%')).toBe('[100%] of a_b');
    expect(marked('100% of a_b', 'a_b')).toBe('100% of [a_b]');
    expect(marked('Uses Node.js. Node is', 'node.js')).toBe('Uses [Node.js]. [Node] is');
    expect(marked('PM2.5 日均值', 'pm2.5日均')).toBe('[PM2].[5] [日均]值');
    expect(marked('北京市（2020年）', '北京市（2020')).toBe('[北京市（2020]年）');
    expect(marked('臺北（新竹）', '北（新')).toBe('臺[北（新]竹）');
  });

  it('takes regular-expression characters in the query literally', () => {
    expect(marked('a.b (c)', '(c')).toBe('a.b [(c])');
    expect(marked('x*y and xy', 'x*y')).toBe('[x*y] and [x]y');
    expect(marked('a+b', 'a.*')).toBe('[a]+b');
    expect(marked('x[y] z', '[y')).toBe('x[[y]] z');
  });

  it('leaves HTML characters in the text as they are', () => {
    expect(marked('<b>Tom & Jerry</b>', 'jerry')).toBe('<b>Tom & [Jerry]</b>');
    expect(marked('<script>alert(1)</script>', 'script')).toBe('<[script]>alert(1)</[script]>');
  });

  it('marks nothing for an empty or blank query or text', () => {
    expect(highlightParts('Population', '')).toEqual([{ text: 'Population', match: false }]);
    expect(highlightParts('Population', '   ')).toEqual([{ text: 'Population', match: false }]);
    expect(marked('', 'population')).toBe('');
    expect(marked('Rainfall', 'population')).toBe('Rainfall');
  });

  it('knows the same traditional and simplified classes as the search index', () => {
    const sql = readFileSync('src/server/db/migrations/0011_search_han_forms.sql', 'utf8');
    const body = sql.slice(sql.indexOf("SELECT ' ' ||"), sql.indexOf('$fn$;'));
    const inIndex = Array.from(body.matchAll(/'([^']*)'/g), (m) => m[1]).join('');
    expect(HAN_CLASSES).toEqual(inIndex.trim().split(' '));
  });
});
