import { describe, expect, it } from 'vitest';
import { LARGE_FILE_BYTES, parseCsvText, readTableFile } from '../../../src/lib/tables/draft.ts';
import { TableValidationError, parseCsvStream } from '../../../src/server/tables/index.ts';
import { bytes, collect } from './support.ts';
import { MAX_ROW_CHARS } from '../../../src/lib/tables/rows.ts';

/** What the server reads from an upload (in pieces of `size` bytes): the records, or its error. */
async function server(text: string, delimiter: ',' | '\t' = ',', size = 3) {
  try {
    const { attributes, rows } = await parseCsvStream(bytes(text, size), { delimiter });
    return [attributes, ...(await collect(rows))];
  } catch (error) {
    if (error instanceof TableValidationError) return error.errors.map((e) => [e.code, e.row]);
    throw error;
  }
}

/** What the upload form reads from the same text. */
function browser(text: string, delimiter: ',' | '\t' = ',') {
  try {
    const { attributes, rows } = parseCsvText(text, delimiter);
    return [attributes, ...rows];
  } catch (error) {
    const { key, row } = error as { key: string; row: number | null };
    return [[key === 'csvQuotes' ? 'CSV_UNTERMINATED_QUOTE' : key, row]];
  }
}

const CASES: [string, string, unknown[]][] = [
  [
    'text after a closing quote',
    'a,b\n"x" ,1\n"x"y,2\n',
    [
      ['a', 'b'],
      ['x ', '1'],
      ['xy', '2'],
    ],
  ],
  [
    'a quote inside a plain field',
    'a,b\nx"y,1\n',
    [
      ['a', 'b'],
      ['x"y', '1'],
    ],
  ],
  [
    '\\r\\n and \\n mixed in one file',
    'a,b\r\nx,1\ny,2\r\nz,3\n',
    [
      ['a', 'b'],
      ['x', '1'],
      ['y', '2'],
      ['z', '3'],
    ],
  ],
  [
    '\\n first, then \\r\\n',
    'a,b\nx,1\r\ny,2\n',
    [
      ['a', 'b'],
      ['x', '1'],
      ['y', '2'],
    ],
  ],
  [
    'a lone \\r',
    'a,b\r1,2\r\r3,4',
    [
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ],
  ],
  [
    'a line break inside quotes',
    'a,b\r\n"1\n2",3\n',
    [
      ['a', 'b'],
      ['1\n2', '3'],
    ],
  ],
  ['blank lines and a quoted empty value', 'a\n\n""\n  \nx\n', [['a'], [''], ['  '], ['x']]],
  [
    'a BOM',
    '\uFEFFa,b\n1,2',
    [
      ['a', 'b'],
      ['1', '2'],
    ],
  ],
  ['a quoted field left open', 'a,b\n1,2\n3,"open\n4,5\n', [['CSV_UNTERMINATED_QUOTE', 2]]],
];

describe('the upload form and the API read CSV alike', () => {
  it.each(CASES)('%s', async (_name, text, expected) => {
    expect(browser(text)).toEqual(expected);
    expect(await server(text)).toEqual(expected);
  });

  it('TSV too', async () => {
    const text = 'a\tb\r\n"x" \t1\ny\t"2\t3"\n';
    const expected = [
      ['a', 'b'],
      ['x ', '1'],
      ['y', '2\t3'],
    ];
    expect(browser(text, '\t')).toEqual(expected);
    expect(await server(text, '\t')).toEqual(expected);
  });

  it('a large file sampled by the form reads its rows by the same rule', async () => {
    const head = 'a,b\r\n"x" ,1\ny,2\r';
    const line = `${'z'.repeat(100)},3\n`;
    const rows = Math.ceil(LARGE_FILE_BYTES / line.length);
    const file = new File([head, line.repeat(rows)], 'big.csv');
    const draft = await readTableFile(file);
    expect(draft.sampled).toBe(file);
    expect(draft.attributes).toEqual(['a', 'b']);
    expect(draft.entries.slice(0, 3)).toEqual([
      ['x ', '1'],
      ['y', '2'],
      ['z'.repeat(100), '3'],
    ]);
    expect(draft.totalRows).toBe(rows + 2);
  });

  it('a large file with a quote never closed stops at the longest row the server takes', async () => {
    const head = 'a,b\n1,2\n3,"open\n';
    const file = new File([head, 'x,y\n'.repeat(MAX_ROW_CHARS / 4 + 1)], 'stray.csv');
    const draft = await readTableFile(file);
    // The sample is the rows before it; the pass over the file refuses it as the server does.
    expect(draft.entries).toEqual([['1', '2']]);
    expect(draft.problems).toMatchObject([{ code: 'ROW_TOO_LARGE', row: 2 }]);
    // The server stops at the same record.
    const text = `${head}${'x,y\n'.repeat(MAX_ROW_CHARS / 4 + 1)}`;
    expect(await server(text, ',', 1 << 16)).toEqual([['ROW_TOO_LARGE', 2]]);
  });
});
