/**
 * `sheaf propose ID FILE --title …` and `sheaf proposals ID`: changes proposed to someone else's
 * dataset (docs/proposals.md).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Proposal, ProposalList } from '../contracts/proposals.ts';
import { CliError, EXIT, type Client } from './client.ts';
import { print, uploadFormat, type Io } from './commands.ts';
import { jsonAsLines } from './json-upload.ts';

const MODES = ['append', 'upsert', 'delete', 'replace'] as const;
const STATES = ['open', 'merged', 'closed', 'all'] as const;

export type ProposeOptions = { title?: string; body?: string; mode?: string; json: boolean };

/** `sheaf propose ID FILE`: the file (as `push` takes it) proposed as a change, streamed. */
export async function propose(
  client: Client,
  io: Io,
  id: number,
  file: string,
  o: ProposeOptions,
): Promise<void> {
  if (!o.title) throw new CliError('A proposal needs --title', EXIT.usage);
  const mode = o.mode ?? 'replace';
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new CliError(`--mode must be one of ${MODES.join(', ')}`, EXIT.usage);
  }
  const { type, gzipped, json } = uploadFormat(file);
  if (!(await stat(file).catch(() => null)))
    throw new CliError(`No such file: ${file}`, EXIT.usage);
  const table = json ? await jsonAsLines(file, gzipped, []) : null;
  const source = table?.body ?? createReadStream(file);
  const body = gzipped && !table ? source : source.pipe(createGzip());
  const answer = await client.json<Proposal>('POST', `/datasets/${id}/proposals`, {
    stream: Readable.toWeb(body) as ReadableStream<Uint8Array>,
    headers: { 'content-type': type, 'content-encoding': 'gzip' },
    query: { mode, title: o.title, body: o.body, attribute_types: table?.declared ?? undefined },
  });
  print(io, o.json, answer, () => [
    `Proposed #${answer.id} "${answer.title}" to dataset #${id} (${mode}, against v${answer.base_version})`,
  ]);
}

/** `sheaf proposals ID`: a dataset's proposals in a state, a line each. */
export async function proposals(
  client: Client,
  io: Io,
  id: number,
  o: { state?: string; json: boolean },
): Promise<void> {
  const state = o.state ?? 'open';
  if (!(STATES as readonly string[]).includes(state)) {
    throw new CliError(`--state must be one of ${STATES.join(', ')}`, EXIT.usage);
  }
  const answer = await client.json<ProposalList>('GET', `/datasets/${id}/proposals`, {
    query: { state, limit: 100 },
  });
  print(io, o.json, answer, () =>
    answer.proposals.length === 0
      ? [`No ${state === 'all' ? '' : `${state} `}proposals`]
      : answer.proposals.map(
          (p) =>
            `#${p.id}\t${p.state}\t${p.mode}\tv${p.base_version}\t${p.author?.username ?? '-'}\t${p.title}`,
        ),
  );
}
