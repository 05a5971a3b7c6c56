import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import {
  CHANGELOG_MAX,
  DATASET_DESCRIPTION_MAX,
  DATASET_NAME_MAX,
  DATASET_TAG_MAX,
  DATASET_TAGS_MAX,
  LANGUAGE_PATTERN as SERVER_LANGUAGE_PATTERN,
  SEARCH_QUERY_MAX,
} from '../../src/contracts/datasets.ts';
import { excerpt } from '../../src/contracts/cut-text.ts';
import {
  isSearch,
  listSearch,
  listSummary,
  parseDatasetId,
  pastLastPage,
  readListState,
  type ListResult,
} from '../../src/lib/dataset-page.ts';
import {
  DATASET_RULES,
  LANGUAGE_PATTERN,
  checkLanguage,
  checkName,
  checkTags,
  parseTags,
} from '../../src/lib/dataset-rules.ts';
import { csvText, rowValues } from '../../src/lib/tables/cells.ts';
import { parseCsvText, parseJsonTable } from '../../src/lib/tables/draft.ts';
import { DraftError } from '../../src/lib/tables/draft-error.ts';
import { inferTypes } from '../../src/lib/tables/type-inference.ts';

describe('column types in the browser, by the rule of the server', () => {
  const columns: [unknown[], string][] = [
    [['1', '-2', '30'], 'integer'],
    [['1', '2.5', '1e3'], 'number'],
    [['007', '8'], 'string'],
    [['12345678901234567890'], 'string'],
    [['1.0', '3'], 'number'],
    [['true', 'FALSE', ' true '], 'boolean'],
    [['yes', 'no'], 'string'],
    [['2024-01-31', '1999-12-01'], 'date'],
    [['2024-02-30'], 'string'],
    [['2024-01-31', '2024-02-01T10:00:00Z'], 'datetime'],
    [['2024-02-01 10:00', '2024-02-01T10:00:00+08:00'], 'datetime'],
    [['2024-02-01T25:00'], 'string'],
    [['北京', '上海'], 'string'],
    [['', '  ', null], 'string'],
    [['1', '', 'x'], 'string'],
    [[3, 4.5], 'number'],
    [[true, false], 'boolean'],
  ];

  it('give each column the first type that fits all its values', () => {
    for (const [values, type] of columns) {
      const rows = values.map((v) => [v]);
      expect(inferTypes(1, rows), JSON.stringify(values)).toEqual([type]);
    }
    expect(inferTypes(2, [['1', 'a']])).toEqual(['integer', 'string']);
  });
});

describe('reading tables', () => {
  it('reads CSV with quotes, commas and line breaks in cells, a BOM and blank lines', () => {
    const text =
      '\uFEFF城市,备注\n北京,"首都,直辖市"\n\n上海,"他说:""你好"""\n广州,"第一行\n第二行"\n';
    const { attributes, rows } = parseCsvText(text);
    expect(attributes).toEqual(['城市', '备注']);
    expect(rows).toEqual([
      ['北京', '首都,直辖市'],
      ['上海', '他说:"你好"'],
      ['广州', '第一行\n第二行'],
    ]);
  });

  it('refuses an unclosed quote and an empty file', () => {
    expect(() => parseCsvText('a,b\nx,y\n1,"2\n')).toThrow(
      expect.objectContaining({ key: 'csvQuotes', row: 2 }),
    );
    expect(() => parseCsvText('')).toThrow(expect.objectContaining({ key: 'csvEmpty' }));
  });

  it('writes CSV text that reads back the same', () => {
    const rows = [
      ['a, b', 'x"y', 1, true],
      [' lead', 'line\nbreak', null, false],
    ];
    const back = parseCsvText(csvText(['c1', 'c2', 'c3', 'c4'], rows));
    expect(back.rows).toEqual([
      ['a, b', 'x"y', '1', 'true'],
      [' lead', 'line\nbreak', '', 'false'],
    ]);
    // A one-column row without a value is not a blank line.
    expect(parseCsvText(csvText(['only'], [[null], ['x']])).rows).toEqual([[''], ['x']]);
  });

  const source = { kind: 'json' as const, name: 't.json', size: 1 };

  it('reads JSON lists of objects, columns in order of appearance', () => {
    const draft = parseJsonTable('[{"b":1,"a":"x"},{"a":"y","c":true}]', source);
    expect(draft.attributes).toEqual(['b', 'a', 'c']);
    expect(draft.types).toEqual(['integer', 'string', 'boolean']);
    expect(rowValues(draft.attributes, draft.entries[1])).toEqual([undefined, 'y', true]);
  });

  it('reads {attributes, entries} JSON, declared types first', () => {
    const draft = parseJsonTable(
      '{"attributes":["id","when"],"attribute_types":{"id":"string"},"entries":[["1","2024-01-01"]]}',
      source,
    );
    expect(draft.types).toEqual(['string', 'date']);
  });

  it('refuses other JSON', () => {
    expect(() => parseJsonTable('{"rows":[]}', source)).toThrow(DraftError);
    expect(() => parseJsonTable('[1,2]', source)).toThrow(DraftError);
    // The line of the mistake, in the form's words rather than the engine's English.
    expect(() => parseJsonTable('{oops', source)).toThrow(
      expect.objectContaining({ key: 'jsonSyntaxAt', row: 1 }),
    );
    expect(() => parseJsonTable('[\n{"a": 1},\n{"a": 2,}\n]', source)).toThrow(
      expect.objectContaining({ key: 'jsonSyntaxAt', row: 3 }),
    );
  });
});

describe('dataset field rules', () => {
  it('are the server limits', () => {
    expect(DATASET_RULES).toEqual({
      nameMax: DATASET_NAME_MAX,
      descriptionMax: DATASET_DESCRIPTION_MAX,
      tagsMax: DATASET_TAGS_MAX,
      tagMax: DATASET_TAG_MAX,
      changelogMax: CHANGELOG_MAX,
      queryMax: SEARCH_QUERY_MAX,
    });
    const samples = [
      'zh-CN',
      'ZH-cn',
      'en',
      'zh-Hans-CN',
      'es-419',
      'english',
      'zh_CN',
      'e',
      '',
      'zh-CN-x',
    ];
    for (const tag of samples) {
      expect(LANGUAGE_PATTERN.test(tag), tag).toBe(SERVER_LANGUAGE_PATTERN.test(tag));
    }
  });

  it('check names, languages and tags', () => {
    expect(checkName('  ')?.key).toBe('datasets:rules.nameRequired');
    expect(checkName('x'.repeat(101))?.key).toBe('datasets:rules.nameLength');
    expect(checkName('人口普查')).toBeNull();
    expect(checkLanguage('zh-CN')).toBeNull();
    expect(checkLanguage('Chinese')?.key).toBe('datasets:rules.language');
    expect(parseTags('人口, Census，census ,')).toEqual(['人口', 'census']);
    expect(checkTags(Array.from({ length: 11 }, (_, i) => `t${i}`).join(','))?.key).toBe(
      'datasets:rules.tagsCount',
    );
  });
});

describe('the /datasets address', () => {
  it('reads filters, drops unusable values and tells a search from a list', () => {
    const state = readListState(
      new URLSearchParams(
        'query=%20人口%20&tags=A,b&tags=a&language=ZH-cn&license=Beerware&sort=bogus&page=x',
      ),
    );
    expect(state).toEqual({
      query: '人口',
      tags: ['a', 'b'],
      language: 'zh-CN',
      license: '',
      sort: '',
      page: 1,
    });
    expect(readListState(new URLSearchParams('license=CC0-1.0')).license).toBe('CC0-1.0');
    expect(readListState(new URLSearchParams('license=none')).license).toBe('none');
    expect(isSearch(readListState(new URLSearchParams('query=人口&license=MIT')))).toBe(false);
    expect(isSearch(state)).toBe(false);
    expect(isSearch(readListState(new URLSearchParams('query=人口&page=2')))).toBe(true);
    expect(isSearch(readListState(new URLSearchParams('query=人口&sort=name')))).toBe(false);
  });

  it('writes page links that keep the filters', () => {
    const state = readListState(new URLSearchParams('query=a b&tags=x&sort=heat'));
    expect(listSearch(state, { page: 3 })).toBe('?query=a+b&tags=x&sort=heat&page=3');
    expect(listSearch(state, { license: 'CC-BY-4.0' })).toBe(
      '?query=a+b&tags=x&license=CC-BY-4.0&sort=heat',
    );
    expect(listSearch(state, { page: 1, query: '', tags: [], sort: '' })).toBe('');
  });

  it('sends a page past the last one to the last page, keeping the filters', () => {
    const url = new URL('http://x/en-US/datasets?tags=x&page=4999');
    const result = (totalPages: number): ListResult => ({
      mode: 'list',
      datasets: [],
      total: totalPages * 20,
      totalEstimated: false,
      currentPage: 1,
      totalPages,
    });
    const state = readListState(url.searchParams);
    expect(pastLastPage(url, state, result(7))).toBe('/en-US/datasets?tags=x&page=7');
    expect(pastLastPage(url, state, result(0))).toBe('/en-US/datasets?tags=x');
    expect(pastLastPage(url, { ...state, page: 7 }, result(7))).toBeNull();
    expect(pastLastPage(url, state, null)).toBeNull();
  });

  it('takes only real ids', () => {
    expect(parseDatasetId('12')).toBe(12);
    for (const bad of [
      'abc',
      '0',
      '-1',
      '1.5',
      '99999999999',
      '',
      '0x1',
      '1e3',
      '01',
      '+1',
      ' 1',
    ]) {
      expect(parseDatasetId(bad), bad).toBeNull();
    }
  });

  it('cuts long descriptions', () => {
    expect(excerpt('a\n\nb')).toBe('a b');
    expect(excerpt('数'.repeat(200), 10)).toBe(`${'数'.repeat(10)}…`);
    // `max` characters, then … (one more); none when the text has no more than `max`.
    expect(excerpt('abcdefghij', 10)).toBe('abcdefghij');
    expect(excerpt('abcdefghijk', 10)).toBe('abcdefghij…');
    expect(excerpt('  abc   def  ', 4)).toBe('abc…');
    expect(excerpt('😀'.repeat(5), 3)).toBe('😀😀😀…');
    expect(excerpt('😀'.repeat(3), 3)).toBe('😀😀😀');
    expect(excerpt('x'.repeat(161))).toBe(`${'x'.repeat(160)}…`);
  });
});

describe('the line above the list', () => {
  const result = (total: number, totalEstimated: boolean, mode: 'search' | 'list' = 'search') =>
    ({ mode, datasets: [], total, totalEstimated, currentPage: 1, totalPages: 1 }) as ListResult;
  const en = (r: ListResult | null, query = 'data') =>
    listSummary(getT('en-US'), 'en-US', query, r);
  const zh = (r: ListResult | null, query = '数据') =>
    listSummary(getT('zh-CN'), 'zh-CN', query, r);

  it('says when the datasets only have words like the query', () => {
    const near = { ...result(3, false), similar: true };
    expect(en(near, 'populaton')).toBe('No dataset holds “populaton”; 3 with similar words');
    expect(zh(near, 'populaton')).toBe('没有数据集含有“populaton”；以下 3 个的用词相近');
  });

  it('gives an exact total in full', () => {
    expect(en(result(9_876, false))).toBe('Datasets matching “data”: 9,876');
    expect(zh(result(9_876, false))).toBe('与“数据”匹配的数据集：9,876 个');
  });

  it('rounds an estimated total to two significant digits, says it is about', () => {
    expect(en(result(452_295, true))).toBe('Datasets matching “data”: about 450,000');
    expect(zh(result(452_295, true))).toBe('与“数据”匹配的数据集：约 450,000 个');
    // Known only to be past the exact limit: not "about 10,001".
    expect(en(result(10_001, true))).toBe('Datasets matching “data”: about 10,000');
    expect(en(result(13_500, true, 'list'), '')).toBe('Datasets: about 14,000');
    expect(zh(result(13_500, true, 'list'), '')).toBe('约 14,000 个数据集');
  });

  it('says so when the filters are not valid', () => {
    expect(en(null)).toBe(getT('en-US')('datasets:list.invalid'));
  });
});
