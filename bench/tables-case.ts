/**
 * One measured case of the tables benchmark, run in its own process so that its peak RSS is its
 * own: `node bench/tables-case.ts <case> <dir> [sha256]`. Prints one JSON line with the figures.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createFsBlobStore } from '../src/server/blobs/fs-store.ts';
import {
  downloadStream,
  ingestTable,
  parseCsvStream,
  validateTable,
  writeTable,
  type Cell,
} from '../src/server/tables/index.ts';
import { csvRecord } from '../src/lib/tables/csv-writer.ts';

/** BENCH_ROWS=… shrinks the table when profiling. */
export const ROWS = Number(process.env['BENCH_ROWS'] ?? 1_000_000);
export const ATTRIBUTES = [
  'id',
  'name',
  'city',
  'price',
  'quantity',
  'active',
  'day',
  'updated_at',
];
const TYPES = {
  id: 'integer',
  name: 'string',
  city: 'string',
  price: 'number',
  quantity: 'integer',
  active: 'boolean',
  day: 'date',
  updated_at: 'datetime',
};
const LIMITS = { maxColumns: 200, maxRows: 2_000_000 };
const CITIES = [
  '北京',
  '上海',
  'Zürich',
  'São Paulo, BR',
  'New "York"',
  '深圳市 南山区',
  ' padded ',
];

/** The same 1M rows every run: eight columns of mixed types, some values missing. */
function* benchRows(count: number): Generator<Cell[]> {
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const two = (n: number) => String(n).padStart(2, '0');
  for (let i = 0; i < count; i++) {
    const month = two(1 + Math.floor(random() * 12));
    const day = two(1 + Math.floor(random() * 28));
    yield [
      i + 1,
      i % 3 === 0 ? `用户 ${i}` : `user-${i}`,
      CITIES[i % CITIES.length] ?? null,
      i % 17 === 0 ? null : Math.round(random() * 100_000) / 100,
      Math.floor(random() * 1000),
      random() < 0.5,
      `2024-${month}-${day}`,
      `2024-${month}-${day}T${two(Math.floor(random() * 24))}:${two(Math.floor(random() * 60))}:00Z`,
    ];
  }
}

const rss = () => Math.round(process.resourceUsage().maxRSS / 1024);
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

async function run(name: string, dir: string, sha = ''): Promise<Record<string, unknown>> {
  const csvPath = path.join(dir, 'input.csv');
  const blobs = await createFsBlobStore(path.join(dir, 'blobs'));
  const start = process.hrtime.bigint();
  switch (name) {
    case 'prepare': {
      const out = createWriteStream(csvPath);
      let chunk = `${csvRecord(ATTRIBUTES)}\r\n`;
      for (const row of benchRows(ROWS)) {
        chunk += `${csvRecord(row)}\r\n`;
        if (chunk.length > 65536) {
          if (!out.write(chunk)) await once(out, 'drain');
          chunk = '';
        }
      }
      out.end(chunk);
      await once(out, 'close');
      return { seconds: seconds(start), bytes: out.bytesWritten };
    }
    case 'ingest-csv':
    case 'ingest-csv-typed': {
      const { attributes, rows } = await parseCsvStream(createReadStream(csvPath));
      const attributeTypes = name === 'ingest-csv-typed' ? TYPES : undefined;
      const stored = await ingestTable(blobs, { attributes, attributeTypes, rows }, LIMITS);
      return { seconds: seconds(start), sha256: stored.sha256, byteSize: stored.byteSize };
    }
    case 'ingest-rows': {
      const entries = [...benchRows(ROWS)];
      const built = seconds(start);
      const begin = process.hrtime.bigint();
      const result = validateTable({ attributes: ATTRIBUTES, entries }, LIMITS);
      if (!result.table) throw new Error(JSON.stringify(result.errors.slice(0, 3)));
      const stored = await writeTable(blobs, result.table);
      return { seconds: seconds(begin), buildSeconds: built, sha256: stored.sha256 };
    }
    case 'download-csv':
    case 'download-json': {
      let bytes = 0;
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      });
      await pipeline(downloadStream(blobs, sha, name === 'download-csv' ? 'csv' : 'json'), sink);
      return { seconds: seconds(start), bytes };
    }
    default:
      throw new Error(`unknown case ${name}`);
  }
}

if (import.meta.main) {
  const [name = '', dir = '', sha] = process.argv.slice(2);
  const figures = await run(name, dir, sha);
  const cpu = process.cpuUsage();
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(JSON.stringify({ ...figures, cpuSeconds, maxRssMb: rss() }));
}
