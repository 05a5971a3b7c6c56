import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { parseTableJson } from '../../../src/lib/tables/exact-json.ts';
import { RENDERED_SUFFIX, type BlobStore } from '../../../src/server/blobs/store.ts';
import {
  DOWNLOAD_RENDERING,
  downloadStream,
  ingestTable,
  parseCsvStream,
  parseJsonlStream,
  validateTable,
  writeTable,
  type DownloadFormat,
} from '../../../src/server/tables/index.ts';
import { LIMITS, bytes, tempStore } from './support.ts';

type Input = { attributes: string[]; attribute_types?: Record<string, string>; entries: unknown[] };

async function store(blobs: BlobStore, input: Input) {
  const r = validateTable(input, LIMITS);
  if (!r.table) throw new Error(JSON.stringify(r.errors));
  return { ...(await writeTable(blobs, r.table)), types: r.table.attributeTypes };
}

/** Downloads the table in `format` and uploads the file again as it is, types inferred. */
async function again(blobs: BlobStore, sha: string, format: DownloadFormat) {
  const file = await buffer(downloadStream(blobs, sha, format));
  if (format === 'json') {
    const rows = parseTableJson(file.toString('utf8')) as Record<string, unknown>[];
    const r = validateTable({ attributes: Object.keys(rows[0] ?? {}), entries: rows }, LIMITS);
    if (!r.table) throw new Error(JSON.stringify(r.errors));
    const { attributes, attributeTypes } = r.table;
    const header = { attributes, attributeTypes };
    return { ...(await writeTable(blobs, r.table)), header, types: attributeTypes };
  }
  const parsed =
    format === 'jsonl'
      ? await parseJsonlStream(bytes(file, 5))
      : await parseCsvStream(bytes(file, 5), { delimiter: format === 'tsv' ? '\t' : ',' });
  const stored = await ingestTable(blobs, parsed, LIMITS);
  return { ...stored, types: stored.header.attributeTypes };
}

const FORMATS: DownloadFormat[] = ['csv', 'tsv', 'json', 'jsonl'];

describe('download, then upload the file again', () => {
  it.each(FORMATS)('%s: a number column of whole values stays a number column', async (format) => {
    const { blobs } = await tempStore();
    const original = await store(blobs, {
      attributes: ['price', 'big', 'mixed'],
      attribute_types: { price: 'number', big: 'number' },
      entries: [
        [1, 2 ** 60, 1.5],
        [-0, 1e21, 2],
        [100, null, null],
      ],
    });
    expect(original.types).toEqual({ price: 'number', big: 'number', mixed: 'number' });
    const back = await again(blobs, original.sha256, format);
    expect(back.types).toEqual(original.types);
    expect(back.sha256).toBe(original.sha256);
  });

  it.each(FORMATS)('%s: numbers at the edges of a double come back exactly', async (format) => {
    const { blobs } = await tempStore();
    const values = [5e-324, 1.7976931348623157e308, 0.1, 1e-7, 123456789012.5, -1e21, 2 ** 53];
    const original = await store(blobs, { attributes: ['x'], entries: values.map((v) => [v]) });
    expect(original.types).toEqual({ x: 'number' });
    const back = await again(blobs, original.sha256, format);
    expect(back.types).toEqual({ x: 'number' });
    expect(back.sha256).toBe(original.sha256);
  });

  it.each(FORMATS)('%s: text keeps its spaces, quotes, line ends and marks', async (format) => {
    const { blobs } = await tempStore();
    const values = [
      ' ',
      '\t',
      'a\tb',
      'a,b',
      'a\r',
      '"',
      '\uFEFFx',
      '=1+2',
      '-3',
      'x\r\ny',
      ' 007 ',
      '\u2028',
    ];
    const original = await store(blobs, { attributes: ['t'], entries: values.map((v) => [v]) });
    const back = await again(blobs, original.sha256, format);
    expect(back.types).toEqual({ t: 'string' });
    expect(back.sha256).toBe(original.sha256);
  });

  it('writes such values with a fraction, in every text format', async () => {
    const { blobs } = await tempStore();
    const { sha256 } = await store(blobs, {
      attributes: ['n', 'i'],
      attribute_types: { n: 'number' },
      entries: [[3, 3]],
    });
    const text = async (format: DownloadFormat) =>
      (await buffer(downloadStream(blobs, sha256, format))).toString('utf8');
    expect(await text('csv')).toBe('\uFEFFn,i\r\n3.0,3\r\n');
    expect(await text('tsv')).toBe('\uFEFFn\ti\r\n3.0\t3\r\n');
    expect(await text('json')).toBe('[\n{"n":3.0,"i":3}\n]\n');
    expect(await text('jsonl')).toBe('{"n":3.0,"i":3}\n');
  });

  it.each(['csv', 'tsv', 'jsonl'] as const)(
    '%s: a table without rows keeps its columns',
    async (format) => {
      const { blobs } = await tempStore();
      const original = await store(blobs, { attributes: ['城市', 'n'], entries: [] });
      const back = await again(blobs, original.sha256, format);
      expect(back.header.attributes).toEqual(['城市', 'n']);
      expect(back.sha256).toBe(original.sha256);
    },
  );

  it('a rendered download file is named by the rendering it holds', () => {
    expect(RENDERED_SUFFIX).toEqual({
      csv: `.r${DOWNLOAD_RENDERING}.csv`,
      tsv: `.r${DOWNLOAD_RENDERING}.tsv`,
      json: `.r${DOWNLOAD_RENDERING}.json`,
      jsonl: `.r${DOWNLOAD_RENDERING}.jsonl`,
    });
  });
});
