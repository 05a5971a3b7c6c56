import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  contentTypeOf,
  downloadStream,
  extensionOf,
  ingestTable,
  parseCsvStream,
  validateTable,
  writeTable,
  type DownloadFormat,
} from '../../../src/server/tables/index.ts';
import type { BlobStore } from '../../../src/server/blobs/store.ts';
import { LIMITS, bytes, tempStore } from './support.ts';

async function stored(
  blobs: BlobStore,
  input: { attributes: unknown; attribute_types?: unknown; entries: unknown },
) {
  const r = validateTable(input, LIMITS);
  if (!r.table) throw new Error(JSON.stringify(r.errors));
  return (await writeTable(blobs, r.table)).sha256;
}

const download = async (blobs: BlobStore, sha: string, format: DownloadFormat) =>
  buffer(downloadStream(blobs, sha, format));

const tricky = {
  attributes: ['城市', 'note, with comma', 'n', 'ok', 'day'],
  entries: [
    ['北京', 'say "hi"', 1.5, true, '2024-01-02'],
    ['上海', 'two\nlines', null, false, null],
    ['深圳', ' padded ', -2, null, '2024-02-29'],
    ['广州', 'cr\r\nlf', 1e21, true, '2024-03-01'],
  ],
};

describe('CSV download', () => {
  it('is UTF-8 with a BOM, \\r\\n line ends, quoting only where needed, empty for null', async () => {
    const { blobs } = await tempStore();
    const sha = await stored(blobs, tricky);
    const csv = await download(blobs, sha, 'csv');
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.subarray(3).toString('utf8')).toBe(
      '城市,"note, with comma",n,ok,day\r\n' +
        '北京,"say ""hi""",1.5,true,2024-01-02\r\n' +
        '上海,"two\nlines",,false,\r\n' +
        '深圳," padded ",-2.0,,2024-02-29\r\n' +
        '广州,"cr\r\nlf",1e+21,true,2024-03-01\r\n',
    );
  });

  it('writes a missing value in a one-column table as "" so the row is not lost', async () => {
    const { blobs } = await tempStore();
    const sha = await stored(blobs, { attributes: ['only'], entries: [['a'], [null], ['b']] });
    const csv = (await download(blobs, sha, 'csv')).toString('utf8');
    expect(csv).toBe('\uFEFFonly\r\na\r\n""\r\nb\r\n');
    const { attributes, rows } = await parseCsvStream(bytes(csv));
    expect((await ingestTable(blobs, { attributes, rows }, LIMITS)).sha256).toBe(sha);
  });

  it('round-trips a normalised CSV upload byte for byte', async () => {
    const { blobs } = await tempStore();
    const original =
      '\uFEFF名称,价格,数量,上架,日期,时间,备注\r\n' +
      '苹果,1.5,3,true,2024-01-02,2024-01-02T08:00:00Z,"红, 甜"\r\n' +
      '"梨 ""雪花""",12.0,,false,,2024-01-02T08:00:00,"多\r\n行"\r\n' +
      '橙,-0.25,7,,2024-12-31,,\r\n';
    const { attributes, rows } = await parseCsvStream(bytes(original, 7));
    const { sha256, header } = await ingestTable(blobs, { attributes, rows }, LIMITS);
    expect(header.attributeTypes).toEqual({
      名称: 'string',
      价格: 'number',
      数量: 'integer',
      上架: 'boolean',
      日期: 'date',
      时间: 'datetime',
      备注: 'string',
    });
    expect((await download(blobs, sha256, 'csv')).toString('utf8')).toBe(original);
  });

  it('normalises what it must: line ends, BOM, quoting, number and boolean spelling, names', async () => {
    const { blobs } = await tempStore();
    const upload = ' a ,b,"c"\n"x",1.50,TRUE\n\ny,1e3,false';
    const { attributes, rows } = await parseCsvStream(bytes(upload));
    const { sha256 } = await ingestTable(blobs, { attributes, rows }, LIMITS);
    expect((await download(blobs, sha256, 'csv')).toString('utf8')).toBe(
      '\uFEFFa,b,c\r\nx,1.5,true\r\ny,1000.0,false\r\n',
    );
  });
});

describe('JSON and JSON Lines downloads', () => {
  it('JSON is an array of objects keyed by column, in column order', async () => {
    const { blobs } = await tempStore();
    const sha = await stored(blobs, {
      attributes: ['name', '2024', 'n'],
      entries: [
        ['张三', 'x', 1],
        [null, 'y', null],
      ],
    });
    const json = (await download(blobs, sha, 'json')).toString('utf8');
    expect(json).toBe(
      '[\n{"name":"张三","2024":"x","n":1},\n{"name":null,"2024":"y","n":null}\n]\n',
    );
    expect(JSON.parse(json)).toEqual([
      { name: '张三', 2024: 'x', n: 1 },
      { name: null, 2024: 'y', n: null },
    ]);
  });

  it('JSON Lines is one object per line', async () => {
    const { blobs } = await tempStore();
    const sha = await stored(blobs, tricky);
    const lines = (await download(blobs, sha, 'jsonl')).toString('utf8').split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toBe('');
    expect(JSON.parse(lines[1] ?? '')).toEqual({
      城市: '上海',
      'note, with comma': 'two\nlines',
      n: null,
      ok: false,
      day: null,
    });
  });

  it('an empty table is a header, [] or its column names', async () => {
    const { blobs } = await tempStore();
    const sha = await stored(blobs, { attributes: ['a', 'b'], entries: [] });
    expect((await download(blobs, sha, 'csv')).toString('utf8')).toBe('\uFEFFa,b\r\n');
    expect((await download(blobs, sha, 'json')).toString('utf8')).toBe('[]\n');
    expect((await download(blobs, sha, 'jsonl')).toString('utf8')).toBe('["a","b"]\n');
  });

  it('names content types and extensions', () => {
    expect(contentTypeOf('csv')).toBe('text/csv; charset=utf-8');
    expect(contentTypeOf('json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('jsonl')).toBe('application/x-ndjson; charset=utf-8');
    expect(extensionOf('jsonl')).toBe('.jsonl');
  });

  it('fails the stream when the blob is missing', async () => {
    const { blobs } = await tempStore();
    await expect(download(blobs, 'b'.repeat(64), 'csv')).rejects.toThrow();
  });
});
