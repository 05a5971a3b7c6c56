/** What each `sheaf` command does; main.ts parses the arguments and calls these. */
import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import type {
  Dataset,
  DatasetListResponse,
  DatasetVersion,
  DownloadFormat,
} from '../contracts/datasets.ts';
import { pullQuery, type PullView } from './filters.ts';
import { saved } from './pulled-files.ts';
import { CliError, EXIT, type Client, type Env } from './client.ts';
import { counting, progress } from './progress.ts';
import { jsonAsLines } from './json-upload.ts';
import { pushAnswer, pushKey, retryCommand } from './push-key.ts';
import { savedTypes } from './types-file.ts';
import {
  describeColumns,
  describedLines,
  notDescribed,
  savedDescriptions,
} from './columns-file.ts';
import { parseTypesFile } from '../lib/tables/types-file.ts';

export type Io = {
  out: (line: string) => void;
  err: NodeJS.WriteStream | { isTTY?: boolean; write: (s: string) => unknown };
  env: Env;
  /** Reads all of stdin (a password or a token piped in). */
  stdin: () => Promise<string>;
};

export const print = (io: Io, json: boolean, value: unknown, human: () => string[]) => {
  if (json) io.out(JSON.stringify(value, null, 2));
  else for (const line of human()) io.out(line);
};

/** `sheaf ls`: public datasets, or the caller's own with --mine. */
export async function list(
  client: Client,
  io: Io,
  options: { mine: boolean; query?: string; limit: number; json: boolean },
): Promise<void> {
  const page = await client.json<DatasetListResponse>(
    'GET',
    options.mine ? '/datasets/me' : '/datasets',
    { query: { query: options.query, limit: options.limit } },
  );
  print(io, options.json, page, () => [
    ...page.datasets.map(
      (d) =>
        `${String(d.id).padStart(7)}  v${d.latest_version}  ${d.is_public ? 'public ' : 'private'}  ${d.name}`,
    ),
    `${page.datasets.length} of ${page.total_estimated ? 'about ' : ''}${page.total}`,
  ]);
}

/** `sheaf info ID`: a dataset, its versions and the latest version's column descriptions. */
export async function info(client: Client, io: Io, id: number, json: boolean): Promise<void> {
  const d = await client.json<Dataset>('GET', `/datasets/${id}`);
  print(io, json, d, () => [
    `${d.name} (#${d.id}) by ${d.owner.username}, ${d.is_public ? 'public' : 'private'}`,
    `License: ${d.license ?? 'none stated'}   Language: ${d.language}   Tags: ${d.tags.join(', ') || '—'}`,
    ...(d.description ? [d.description] : []),
    ...d.versions.map(
      (v) =>
        `  v${v.version}  ${v.entries_count} rows  ${v.attributes.length} columns  ${v.created_at.slice(0, 10)}  ${v.changelog}`,
    ),
    ...describedLines(d, d.versions.find((v) => v.version === d.latest_version)?.attributes ?? []),
  ]);
}

/**
 * The upload type of a file, by its name (a `.gz` ending is sent as it is, compressed); a JSON
 * table (`json`) is sent as JSON Lines (json-upload.ts).
 */
export function uploadFormat(file: string): { type: string; gzipped: boolean; json: boolean } {
  const gzipped = file.endsWith('.gz');
  const name = gzipped ? file.slice(0, -3) : file;
  const ext = path.extname(name).toLowerCase();
  const type =
    ext === '.csv'
      ? 'text/csv'
      : ext === '.tsv' || ext === '.tab'
        ? 'text/tab-separated-values'
        : ext === '.jsonl' || ext === '.ndjson' || ext === '.json'
          ? 'application/x-ndjson'
          : undefined;
  if (!type) {
    throw new CliError(
      `Cannot tell the format of ${file}: use .csv, .tsv, .json or .jsonl`,
      EXIT.usage,
    );
  }
  return { type, gzipped, json: ext === '.json' };
}

export type PushOptions = {
  name?: string;
  dataset?: number;
  description?: string;
  tags?: string;
  language?: string;
  license?: string;
  isPrivate: boolean;
  changelog?: string;
  /** Declared column types as JSON text (`{"zip":"string"}`); the others are inferred. */
  types?: string;
  /** A column descriptions file (default: FILE.columns.json, if it is there). */
  columns?: string;
  /** The `Idempotency-Key` (default: a new one), and the command as typed, to say how to retry. */
  key?: string;
  keyColumns?: string | undefined;
  mode?: string | undefined;
  argv: readonly string[];
  json: boolean;
};

/** `sheaf push FILE`: a new dataset, or with --dataset a new version; streamed and gzipped. */
export async function push(client: Client, io: Io, file: string, o: PushOptions): Promise<void> {
  const { type, gzipped, json } = uploadFormat(file);
  if (o.dataset === undefined && !o.name) {
    throw new CliError('A new dataset needs --name (or --dataset ID for a new version)', 2);
  }
  const total = (await stat(file).catch(() => null))?.size;
  if (total === undefined) throw new CliError(`No such file: ${file}`, EXIT.usage);
  // Types saved by `sheaf pull` beside the file, unless --types says otherwise; else those a
  // JSON table declares.
  const saved = o.types === undefined ? await savedTypes(file) : null;
  if (saved) io.err.write(`Column types from ${saved.file}\n`);
  const described = await savedDescriptions(file, o.columns);
  // Not an object: no columns; the API says what is wrong with it.
  const typed = Object.keys(parseTypesFile(o.types ?? saved?.text ?? '{}') ?? {});
  const table = json ? await jsonAsLines(file, gzipped, typed) : null;
  const types = o.types ?? saved?.text ?? table?.declared ?? undefined;
  const bar = progress(io.err, 'push', table?.bytes ?? total);
  const counted = counting(bar);
  const source = (table?.body ?? createReadStream(file)).pipe(counted);
  const body = gzipped && !table ? source : source.pipe(createGzip());
  const stream = Readable.toWeb(body) as ReadableStream<Uint8Array>;
  const { key, headers: keyHeader } = pushKey(o.key);
  const headers = { 'content-type': type, 'content-encoding': 'gzip', ...keyHeader };
  const send = () =>
    o.dataset === undefined
      ? client.raw('POST', '/datasets', {
          stream,
          headers,
          query: {
            name: o.name,
            description: o.description,
            tags: o.tags,
            language: o.language,
            license: o.license,
            is_public: o.isPrivate ? false : undefined,
            changelog: o.changelog,
            attribute_types: types,
            key_columns: o.keyColumns,
          },
        })
      : client.raw('POST', `/datasets/${o.dataset}/versions`, {
          stream,
          headers,
          query: { changelog: o.changelog, attribute_types: types, mode: o.mode },
        });
  const sent = send().catch((err: unknown) => {
    if (!saved || !(err instanceof CliError) || err.code !== 'INVALID_TABLE') throw err;
    const hint = `the column types come from ${saved.file}: edit it, or pass --types '{}'`;
    throw new CliError(`${err.message}; ${hint}`, err.exitCode, err.code);
  });
  const { answer: first, replayed } = await pushAnswer(() => sent, retryCommand(o.argv, key));
  bar.done();
  if (replayed) io.err.write('Already published by a push with this --key: nothing new made\n');
  let answer = first as Dataset | DatasetVersion;
  const published = () => print(io, o.json, answer, () => [pushedLine(answer)]);
  if (described) {
    io.err.write(`Column descriptions from ${described.file}\n`);
    const id = 'versions' in answer ? answer.id : answer.dataset_id;
    try {
      const dataset = await describeColumns(client, id, described.descriptions);
      if ('versions' in answer) answer = dataset;
    } catch (err) {
      // The table is in: say so, and how to set the descriptions without pushing it again.
      published();
      throw notDescribed(err, pushedLine(answer), id, described.file);
    }
  }
  published();
}

/** What a push published: a new dataset, or a version of one. */
const pushedLine = (answer: Dataset | DatasetVersion): string =>
  'versions' in answer
    ? `Published #${answer.id} "${answer.name}" (v1, ${answer.versions[0]?.entries_count} rows)`
    : `Added v${answer.version} to #${answer.dataset_id} (${answer.entries_count} rows)`;

export type PullOptions = {
  version?: number;
  format: DownloadFormat;
  output?: string;
  /** Where a file without `output` goes, under its default name. */
  folder: string;
  json: boolean;
} & PullView;

/**
 * `sheaf pull ID`: downloads a version into a file. It is written to `FILE.part` first (its
 * ETag beside it in `FILE.part.etag`) and renamed when complete; a pull that finds a `.part`
 * asks only for the rest (`Range`, with `If-Range` so a different file starts over). With
 * filters or a sort it downloads that view of the version, whole.
 */
export async function pull(client: Client, io: Io, id: number, o: PullOptions): Promise<void> {
  const dataset = await client.json<Dataset>('GET', `/datasets/${id}`);
  const version = o.version ?? dataset.latest_version;
  // A typed Parquet file needs none; the text formats cannot say that `00123` is text.
  const types =
    o.format === 'parquet'
      ? null
      : (dataset.versions.find((v) => v.version === version)?.attribute_types ?? null);
  const descriptions =
    o.format === 'parquet' || Object.keys(dataset.column_descriptions).length === 0
      ? null
      : dataset.column_descriptions;
  const output = o.output ?? path.join(o.folder, `dataset-${id}-v${version}.${o.format}`);
  const part = `${output}.part`;
  const etagFile = `${part}.etag`;
  const have = (await stat(part).catch(() => null))?.size ?? 0;
  const etag = have > 0 ? (await readFile(etagFile, 'utf8').catch(() => '')).trim() : '';
  // A view is made anew for each request: it has no ETag and is pulled whole.
  const query = pullQuery(o);
  const resume = have > 0 && etag !== '' && query.filters === undefined && o.sort === undefined;
  const res = await client.raw('GET', `/datasets/${id}/versions/${version}/download`, {
    query,
    headers: resume ? { range: `bytes=${have}-`, 'if-range': etag } : {},
    allow: resume ? [416] : [],
  });
  if (res.status === 416) {
    // Nothing lies past what the .part holds: it is the whole file (a pull stopped before
    // renaming it), or it is longer than the file and the pull starts over.
    const size = Number(/\/(\d+)$/.exec(res.headers.get('content-range') ?? '')?.[1]);
    if (size === have)
      return saved(
        client,
        io,
        { ...o, id },
        { output, version, types, descriptions, resumed: true },
      );
    await rm(part, { force: true });
    return pull(client, io, id, { ...o, version });
  }
  const partial = res.status === 206;
  if (resume && partial) io.err.write(`Resuming ${output} at ${have} bytes\n`);
  const length = Number(res.headers.get('content-length') ?? NaN);
  const total = Number.isFinite(length) ? length + (partial ? have : 0) : undefined;
  const newEtag = res.headers.get('etag');
  if (newEtag) await writeFile(etagFile, newEtag);
  if (!res.body) throw new CliError('The download answered no body', EXIT.failed);
  const bar = progress(io.err, 'pull', total, partial ? have : 0);
  const counted = counting(bar);
  await pipeline(
    Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
    counted,
    createWriteStream(part, { flags: partial ? 'a' : 'w' }),
  );
  bar.done();
  await saved(client, io, { ...o, id }, { output, version, types, descriptions, resumed: partial });
}
