import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { zstdDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PREVIEW_ROWS,
  TableValidationError,
  readTable,
  readTablePage,
  toEntryObjects,
  validateTable,
  writeTable,
  writeTableFromRows,
  type Table,
  type TableHeader,
} from '../../../src/server/tables/index.ts';
import { LIMITS, collect, storedFiles, tempStore } from './support.ts';

function table(input: { attributes: unknown; attribute_types?: unknown; entries: unknown }): Table {
  const r = validateTable(input, LIMITS);
  if (!r.table) throw new Error(JSON.stringify(r.errors));
  return r.table;
}

const people = table({
  attributes: ['name', 'age', 'joined'],
  entries: [
    ['张三', 30, '2024-01-02'],
    ['Ann', '41', '2023-12-31'],
  ],
});

describe('writeTable', () => {
  it('stores the table as a zstd blob named by the sha256 of its canonical content', async () => {
    const { blobs, root } = await tempStore();
    const stored = await writeTable(blobs, people);
    const file = path.join(root, stored.sha256.slice(0, 2), stored.sha256.slice(2));
    const compressed = await readFile(file);
    const content = zstdDecompressSync(compressed);
    expect(createHash('sha256').update(content).digest('hex')).toBe(stored.sha256);
    expect(stored.byteSize).toBe(compressed.length);
    expect(stored.entriesCount).toBe(2);
    expect(content.toString()).toBe(
      '{"format":"sheaf-table","version":1,"attributes":["name","age","joined"],"types":["string","integer","date"]}\n' +
        '["张三",30,"2024-01-02"]\n["Ann",41,"2023-12-31"]\n',
    );
  });

  it('gives identical content one sha256 and one stored file, whatever the entry shape', async () => {
    const { blobs, root } = await tempStore();
    const asLists = await writeTable(blobs, people);
    const asObjects = await writeTable(
      blobs,
      table({
        attributes: ['name', ' age', 'joined'],
        entries: [
          { joined: '2024-01-02', name: '张三', age: '30' },
          { age: 41, joined: '2023-12-31', name: 'Ann' },
        ],
      }),
    );
    expect(asObjects.sha256).toBe(asLists.sha256);
    expect(await storedFiles(root)).toEqual({
      blobs: [path.join(asLists.sha256.slice(0, 2), asLists.sha256.slice(2))],
      temp: [],
    });
  });

  it('gives different content (a value, a type, a column name) a different sha256', async () => {
    const { blobs } = await tempStore();
    const base = await writeTable(blobs, people);
    const otherValue = table({
      attributes: ['name', 'age', 'joined'],
      entries: [
        ['张三', 31, '2024-01-02'],
        ['Ann', 41, '2023-12-31'],
      ],
    });
    const otherType = table({
      attributes: ['name', 'age', 'joined'],
      attribute_types: { age: 'number' },
      entries: [
        ['张三', 30, '2024-01-02'],
        ['Ann', 41, '2023-12-31'],
      ],
    });
    const otherName = table({
      attributes: ['name', 'Age', 'joined'],
      entries: [
        ['张三', 30, '2024-01-02'],
        ['Ann', 41, '2023-12-31'],
      ],
    });
    const shas = await Promise.all(
      [otherValue, otherType, otherName].map((t) => writeTable(blobs, t)),
    );
    expect(new Set([base.sha256, ...shas.map((s) => s.sha256)]).size).toBe(4);
  });

  it(`keeps the first ${PREVIEW_ROWS} rows as the preview`, async () => {
    const { blobs } = await tempStore();
    const entries = Array.from({ length: 45 }, (_, i) => [i + 1]);
    const stored = await writeTable(blobs, table({ attributes: ['n'], entries }));
    expect(stored.entriesCount).toBe(45);
    expect(stored.preview).toEqual(entries.slice(0, PREVIEW_ROWS));
  });
});

describe('writeTableFromRows', () => {
  const header: TableHeader = {
    attributes: ['id', 'when'],
    attributeTypes: { id: 'integer', when: 'date' },
  };

  it('coerces streamed rows to the header types and matches writeTable', async () => {
    const { blobs } = await tempStore();
    async function* rows() {
      yield ['1', '2024/1/2'];
      yield { when: '2024-01-03', id: 2 };
    }
    const streamed = await writeTableFromRows(blobs, header, rows());
    const whole = await writeTable(
      blobs,
      table({
        attributes: ['id', 'when'],
        entries: [
          [1, '2024-01-02'],
          [2, '2024-01-03'],
        ],
      }),
    );
    expect(streamed.sha256).toBe(whole.sha256);
  });

  it('fails the whole write naming rows and columns, and leaves nothing behind', async () => {
    const { blobs, root } = await tempStore();
    const attempt = writeTableFromRows(blobs, header, [
      ['1', '2024-01-02'],
      ['two', '2024-01-02'],
      ['3', 'soon'],
    ]);
    await expect(attempt).rejects.toBeInstanceOf(TableValidationError);
    await expect(attempt).rejects.toMatchObject({
      errors: [
        { row: 2, column: 'id', code: 'INVALID_INTEGER' },
        { row: 3, column: 'when', code: 'INVALID_DATE' },
      ],
    });
    expect(await storedFiles(root)).toEqual({ blobs: [], temp: [] });
  });

  it('stops at MAX_ROWS with a limit error', async () => {
    const { blobs } = await tempStore();
    const rows = Array.from({ length: 4 }, (_, i) => [i, '2024-01-01']);
    const attempt = writeTableFromRows(blobs, header, rows, {
      limits: { maxColumns: 5, maxRows: 3 },
    });
    await expect(attempt).rejects.toMatchObject({
      isLimit: true,
      errors: [{ code: 'TOO_MANY_ROWS' }],
    });
  });
});

describe('reading a stored table', () => {
  it('streams the header and every row back', async () => {
    const { blobs } = await tempStore();
    const stored = await writeTable(blobs, people);
    const { header, rows } = await readTable(blobs, stored.sha256);
    expect(header).toEqual({
      attributes: people.attributes,
      attributeTypes: people.attributeTypes,
    });
    expect(await collect(rows)).toEqual(people.rows);
  });

  it('pages through rows without returning the rest', async () => {
    const { blobs } = await tempStore();
    const entries = Array.from({ length: 5000 }, (_, i) => [i + 1, `行 ${i + 1}`]);
    const stored = await writeTable(blobs, table({ attributes: ['n', 'label'], entries }));
    const page = await readTablePage(blobs, stored.sha256, 4990, 5);
    expect(page).toEqual({
      attributes: ['n', 'label'],
      attributeTypes: { n: 'integer', label: 'string' },
      entries: [
        [4991, '行 4991'],
        [4992, '行 4992'],
        [4993, '行 4993'],
        [4994, '行 4994'],
        [4995, '行 4995'],
      ],
      offset: 4990,
      limit: 5,
      hasMore: true,
    });
    const last = await readTablePage(blobs, stored.sha256, 4998, 20);
    expect(last.entries.map((r) => r[0])).toEqual([4999, 5000]);
    expect(last.hasMore).toBe(false);
    expect((await readTablePage(blobs, stored.sha256, 6000, 20)).entries).toEqual([]);
    expect(toEntryObjects(page.attributes, page.entries.slice(0, 1))).toEqual([
      { n: 4991, label: '行 4991' },
    ]);
  });

  it('fails on a missing blob', async () => {
    const { blobs } = await tempStore();
    await expect(readTable(blobs, 'a'.repeat(64))).rejects.toThrow();
  });
});
