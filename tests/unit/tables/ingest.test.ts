import { describe, expect, it } from 'vitest';
import {
  TableValidationError,
  ingestTable,
  parseCsvStream,
  parseJsonlStream,
  readTable,
  validateTable,
  writeTable,
} from '../../../src/server/tables/index.ts';
import { SAMPLE_ROWS } from '../../../src/server/tables/ingest.ts';
import { LIMITS, bytes, collect, storedFiles, tempStore } from './support.ts';

const csvOf = (rows: unknown[][]) => rows.map((r) => r.join(',')).join('\n');

async function ingestCsv(text: string, attributeTypes?: Record<string, string>) {
  const { blobs, root } = await tempStore();
  const { attributes, rows } = await parseCsvStream(bytes(text));
  const result = await ingestTable(blobs, { attributes, attributeTypes, rows }, LIMITS);
  return { ...result, blobs, root };
}

async function rejection(attempt: Promise<unknown>): Promise<TableValidationError> {
  const err = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TableValidationError);
  return err as TableValidationError;
}

describe('ingestTable', () => {
  it('stores a CSV upload exactly as validateTable + writeTable store the same JSON table', async () => {
    const entries = [
      ['北京', 21893095, 16410.54, true, '2024-01-02'],
      ['上海', 24870895, null, false, '2024-01-03'],
    ];
    const attributes = ['城市', '人口', '面积', '直辖', '日期'];
    const fromCsv = await ingestCsv(
      csvOf([attributes, ...entries.map((r) => r.map((v) => v ?? ''))]),
    );
    const r = validateTable({ attributes, entries }, LIMITS);
    const fromJson = await writeTable(fromCsv.blobs, r.table!);
    expect(fromCsv.sha256).toBe(fromJson.sha256);
    expect(fromCsv.header).toEqual({ attributes, attributeTypes: r.table!.attributeTypes });
    expect(fromCsv.entriesCount).toBe(2);
    expect(fromCsv.preview).toEqual(r.table!.rows);
    expect(await storedFiles(fromCsv.root)).toEqual({ blobs: [expect.any(String)], temp: [] });
  });

  it.each([
    { late: '1.5', type: 'number', value: 1.5, first: 0 },
    { late: 'abc', type: 'string', value: 'abc', first: '0' },
    { late: '007', type: 'string', value: '007', first: '0' },
  ])(
    'infers over every row: a late $late after many integers makes the column $type',
    async ({ late, type, value, first }) => {
      const values = Array.from({ length: SAMPLE_ROWS + 500 }, (_, i) => String(i));
      values[SAMPLE_ROWS + 200] = late;
      const { sha256, header, blobs, entriesCount } = await ingestCsv(`n\n${values.join('\n')}\n`);
      expect(header.attributeTypes).toEqual({ n: type });
      expect(entriesCount).toBe(values.length);
      const { rows } = await readTable(blobs, sha256);
      const cells = (await collect(rows)).map((r) => r[0]);
      expect(cells[0]).toBe(first);
      expect(cells[SAMPLE_ROWS + 200]).toBe(value);
      const same = validateTable({ attributes: ['n'], entries: values.map((v) => [v]) }, LIMITS);
      expect((await writeTable(blobs, same.table!)).sha256).toBe(sha256);
    },
  );

  it('checks declared types on every row and names the data row (header not counted)', async () => {
    const err = await rejection(
      ingestCsv('name,age,born\nAnn,30,1994-01-02\nBo,old,1990-13-01\nCy,,\n', { age: 'integer' }),
    );
    expect(err.errors).toEqual([
      {
        row: 2,
        column: 'age',
        code: 'INVALID_INTEGER',
        message: 'Row 2, column "age": "old" is not an integer',
      },
    ]);
  });

  it('reports row shape errors from a CSV with their row numbers', async () => {
    const err = await rejection(ingestCsv('a,b\n1,2\n3\n4,5,6\n'));
    expect(err.errors.map((e) => [e.row, e.code])).toEqual([
      [2, 'ROW_LENGTH_MISMATCH'],
      [3, 'ROW_LENGTH_MISMATCH'],
    ]);
  });

  it('checks the header like validateTable', async () => {
    const err = await rejection(ingestCsv('a,A,\n1,2,3\n'));
    expect(err.errors.map((e) => e.code)).toEqual(['ATTRIBUTE_DUPLICATE', 'ATTRIBUTE_EMPTY']);
    const invisible = await rejection(ingestCsv('a,\u200b,\u2060\u00ad\n1,2,3\n'));
    expect(invisible.errors.map((e) => e.message)).toEqual([
      'Column 2 has no name',
      'Column 3 has no name',
    ]);
  });

  it('fails with a limit error past MAX_ROWS and leaves no temporary file', async () => {
    const { blobs, root } = await tempStore();
    const { attributes, rows } = await parseCsvStream(bytes(`n\n${'1\n'.repeat(11)}`));
    const err = await rejection(
      ingestTable(blobs, { attributes, rows }, { maxColumns: 5, maxRows: 10 }),
    );
    expect(err.isLimit).toBe(true);
    expect(err.errors[0]?.code).toBe('TOO_MANY_ROWS');
    expect(await storedFiles(root)).toEqual({ blobs: [], temp: [] });
  });

  it('counts every error of a large upload but lists only the first ones', async () => {
    const err = await rejection(ingestCsv(`n\n${'x\n'.repeat(300)}`, { n: 'number' }));
    expect(err.errors).toHaveLength(101);
    expect(err.errors.at(-1)?.message).toBe('200 more errors not shown');
  });

  it('stores a JSON Lines upload of objects', async () => {
    const { blobs } = await tempStore();
    const upload = '{"城市":"北京","n":1}\n{"n":2.5,"城市":"上海"}\n{"城市":"广州"}\n';
    const { attributes, rows } = await parseJsonlStream(bytes(upload));
    const stored = await ingestTable(blobs, { attributes, rows }, LIMITS);
    expect(stored.header.attributeTypes).toEqual({ 城市: 'string', n: 'number' });
    expect(stored.preview).toEqual([
      ['北京', 1],
      ['上海', 2.5],
      ['广州', null],
    ]);
  });

  it('names unknown keys in JSON Lines objects', async () => {
    const { blobs } = await tempStore();
    const { attributes, rows } = await parseJsonlStream(bytes('{"a":1}\n{"a":2,"b":3}\n'));
    const err = await rejection(ingestTable(blobs, { attributes, rows }, LIMITS));
    expect(err.errors).toEqual([
      { row: 2, column: 'b', code: 'UNKNOWN_COLUMN', message: 'Row 2: "b" is not a column' },
    ]);
  });

  it('refuses a JSON Lines object whose keys name one column twice', async () => {
    const { blobs } = await tempStore();
    const upload = '["a","b"]\n{"a":1," a ":2,"b":3}\n';
    const { attributes, rows } = await parseJsonlStream(bytes(upload));
    const err = await rejection(ingestTable(blobs, { attributes, rows }, LIMITS));
    expect(err.errors).toEqual([
      {
        row: 1,
        column: 'a',
        code: 'DUPLICATE_COLUMN',
        message: 'Row 1: " a " and "a" both name column "a"',
      },
    ]);
  });
});
