#!/usr/bin/env node
/**
 * `sheaf`: Sheaf from the command line (README "The sheaf command"). Reads SHEAF_API and
 * SHEAF_TOKEN; `--json` prints the API's answer for scripts. Exit codes: 0 done, 1 failed,
 * 2 wrong usage, 3 not signed in or not allowed, 4 not found.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../contracts/datasets.ts';
import { positiveId } from '../contracts/ids.ts';
import { CliError, createClient, EXIT } from './client.ts';
import { columns } from './columns.ts';
import { info, list, pull, push, type Io, type PushOptions } from './commands.ts';
import { login } from './login.ts';

const USAGE = `Usage: sheaf <command> [options]

  login [--token T | --username U --password-stdin [--new-token]]
            store a token for SHEAF_API's site (or pipe one in); with a username, a token
            login made that still works is kept, unless --new-token (the old one is revoked)
  ls [--mine] [--query WORDS] [--limit N]              list datasets
  info ID                                              a dataset, its versions, its column
                                                       descriptions
  push FILE --name NAME [--description D] [--tags a,b] [--language TAG]
            [--license SPDX] [--private] [--changelog C]   publish a .csv/.tsv/.json/.jsonl(.gz)
  push FILE --dataset ID [--changelog C]               add a version
            [--types '{"zip":"string"}']               either: declare column types
                                    (default: FILE.types.json, if pull saved one; '{}' infers all)
            [--columns FILE.columns.json]              set column descriptions
                                    ({"zip":"Postal code"}; default: FILE.columns.json, if there)
            [--key KEY]                                the push's Idempotency-Key (default: new):
                                    the same push sent again with it within 24 hours publishes
                                    nothing new (a push that got no answer prints the command)
  columns ID FILE.columns.json                         set a dataset's column descriptions
                                                       ({"zip":"Postal code"}; others stay)
  pull ID [--version N] [--format csv|json|jsonl|parquet] [-o FILE]   download (resumes);
            a text format saves the column types beside it in FILE.types.json, and the
            column descriptions, if any, in FILE.columns.json

Every command takes --json. Environment: SHEAF_API (default http://localhost:8080),
SHEAF_TOKEN (else the token login stored for the site).`;

const OPTIONS = {
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  token: { type: 'string' },
  username: { type: 'string' },
  'password-stdin': { type: 'boolean', default: false },
  'new-token': { type: 'boolean', default: false },
  mine: { type: 'boolean', default: false },
  query: { type: 'string' },
  limit: { type: 'string' },
  name: { type: 'string' },
  dataset: { type: 'string' },
  description: { type: 'string' },
  tags: { type: 'string' },
  language: { type: 'string' },
  license: { type: 'string' },
  private: { type: 'boolean', default: false },
  changelog: { type: 'string' },
  types: { type: 'string' },
  columns: { type: 'string' },
  key: { type: 'string' },
  version: { type: 'string' },
  format: { type: 'string', default: 'csv' },
  output: { type: 'string', short: 'o' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

/** An id or count as the API spells ids: decimal digits only (`12`, never `0xc`, `1.2e1`, `012`). */
const idOf = (value: string | undefined, what: string): number => {
  const id = positiveId(what).safeParse(value ?? '');
  if (!id.success) throw new CliError(`${what} must be a positive whole number`, EXIT.usage);
  return id.data;
};

/**
 * A file named on the command line, as the user meant it: `npm run sheaf` runs the command in
 * the package's folder and passes the folder it was typed in as INIT_CWD. (Run by any other npm
 * script, or installed, `sheaf` takes paths from its own working folder.)
 */
const userPath = (io: Io, file: string): string => {
  const typedIn = io.env['npm_lifecycle_event'] === 'sheaf' ? io.env['INIT_CWD'] : undefined;
  return typedIn ? path.resolve(typedIn, file) : file;
};

/** `sheaf push`'s options as parsed. */
const pushOptions = (io: Io, v: Values, argv: string[]): PushOptions => ({
  name: v.name,
  dataset: v.dataset === undefined ? undefined : idOf(v.dataset, '--dataset'),
  description: v.description,
  tags: v.tags,
  language: v.language,
  license: v.license,
  isPrivate: v.private,
  changelog: v.changelog,
  types: v.types,
  columns: v.columns === undefined ? undefined : userPath(io, v.columns),
  key: v.key,
  argv,
  json: v.json,
});

/** Runs one command; returns the exit code (never exits the process itself). */
export async function run(argv: string[], io: Io): Promise<number> {
  try {
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (err) {
      throw new CliError(`${(err as Error).message}\n\n${USAGE}`, EXIT.usage);
    }
    const { values: v, positionals } = parsed;
    const [command, ...rest] = positionals;
    if (v.help || !command) {
      io.out(USAGE);
      return command || v.help ? EXIT.ok : EXIT.usage;
    }
    const client = await createClient(io.env);
    switch (command) {
      case 'login':
        await login(client, io, {
          token: v.token,
          username: v.username,
          passwordStdin: v['password-stdin'],
          newToken: v['new-token'],
          json: v.json,
        });
        break;
      case 'ls':
        await list(client, io, {
          mine: v.mine,
          query: v.query,
          limit: v.limit === undefined ? 20 : idOf(v.limit, '--limit'),
          json: v.json,
        });
        break;
      case 'info':
        await info(client, io, idOf(rest[0], 'ID'), v.json);
        break;
      case 'push': {
        if (!rest[0]) throw new CliError(`push needs a FILE\n\n${USAGE}`, EXIT.usage);
        await push(client, io, userPath(io, rest[0]), pushOptions(io, v, argv));
        break;
      }
      case 'columns':
        await columns(client, io, idOf(rest[0], 'ID'), rest[1] && userPath(io, rest[1]), v.json);
        break;
      case 'pull': {
        if (!(DOWNLOAD_FORMATS as readonly string[]).includes(v.format)) {
          throw new CliError(`--format must be one of ${DOWNLOAD_FORMATS.join(', ')}`, 2);
        }
        await pull(client, io, idOf(rest[0], 'ID'), {
          version: v.version === undefined ? undefined : idOf(v.version, '--version'),
          format: v.format as DownloadFormat,
          output: v.output === undefined ? undefined : userPath(io, v.output),
          folder: userPath(io, '.'),
          json: v.json,
        });
        break;
      }
      default:
        throw new CliError(`Unknown command "${command}"\n\n${USAGE}`, EXIT.usage);
    }
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CliError) {
      io.err.write(`sheaf: ${err.message}\n`);
      return err.exitCode;
    }
    io.err.write(`sheaf: ${(err as Error).message}\n`);
    return EXIT.failed;
  }
}

const readStdin = async (): Promise<string> => {
  if (process.stdin.isTTY) return '';
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const code = await run(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: process.stderr,
    env: process.env,
    stdin: readStdin,
  });
  process.exitCode = code;
}
