#!/usr/bin/env node
/**
 * `sheaf`: Sheaf from the command line (README "The sheaf command"). Reads SHEAF_API and
 * SHEAF_TOKEN; `--json` prints the API's answer for scripts. Exit codes: 0 done, 1 failed,
 * 2 wrong usage, 3 not signed in or not allowed, 4 not found.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DOWNLOAD_FORMATS } from '../contracts/datasets.ts';
import { CliError, createClient, EXIT, type Client } from './client.ts';
import { columns } from './columns.ts';
import { info, list, pull, push, type Io, type PushOptions } from './commands.ts';
import { parseFilters } from './filters.ts';
import { login } from './login.ts';
import { runOther } from './other-commands.ts';
import { userPath } from './user-path.ts';
import { patchPush } from './patch.ts';
import { CLI_VERSION, idOf, OPTIONS, USAGE, type Values } from './usage.ts';
import { errorMessage, isOneOf } from '../contracts/narrowing.ts';

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
  keyColumns: v['key-columns'],
  argv,
  json: v.json,
});

/** `sheaf push`: a whole table (FILE), or a change with --append, --upsert or --delete. */
async function runPush(
  client: Client,
  io: Io,
  v: Values,
  given: string | undefined,
  argv: string[],
): Promise<void> {
  const patch = await patchPush(client, v, (file) => userPath(io, file));
  const file = patch?.file ?? (given && userPath(io, given));
  if (!file) throw new CliError(`push needs a FILE\n\n${USAGE}`, EXIT.usage);
  try {
    await push(client, io, file, { ...pushOptions(io, v, argv), mode: patch?.mode });
  } finally {
    await patch?.remove();
  }
}

/** Runs one command; returns the exit code (never exits the process itself). */
export async function run(argv: string[], io: Io): Promise<number> {
  try {
    if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
      io.out(CLI_VERSION);
      return EXIT.ok;
    }
    let parsed;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (err) {
      throw new CliError(`${errorMessage(err)}\n\n${USAGE}`, EXIT.usage);
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
      case 'push':
        await runPush(client, io, v, rest[0], argv);
        break;
      case 'columns':
        await columns(client, io, idOf(rest[0], 'ID'), rest[1] && userPath(io, rest[1]), v.json);
        break;
      case 'pull': {
        if (!isOneOf(DOWNLOAD_FORMATS, v.format)) {
          throw new CliError(`--format must be one of ${DOWNLOAD_FORMATS.join(', ')}`, 2);
        }
        await pull(client, io, idOf(rest[0], 'ID'), {
          version: v.version === undefined ? undefined : idOf(v.version, '--version'),
          format: v.format,
          output: v.output === undefined ? undefined : userPath(io, v.output),
          folder: userPath(io, '.'),
          json: v.json,
          filters: parseFilters(v.filter ?? []),
          sort: v.sort,
          order: v.desc ? 'desc' : 'asc',
        });
        break;
      }
      default:
        if (!(await runOther(client, io, command, rest, v))) {
          throw new CliError(`Unknown command "${command}"\n\n${USAGE}`, EXIT.usage);
        }
    }
    return EXIT.ok;
  } catch (err) {
    if (err instanceof CliError) {
      io.err.write(`sheaf: ${err.message}\n`);
      return err.exitCode;
    }
    io.err.write(`sheaf: ${errorMessage(err)}\n`);
    return EXIT.failed;
  }
}

const readStdin = async (): Promise<string> => {
  if (process.stdin.isTTY) return '';
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
};

// Run as the program (also through the link `npm install -g` makes), not when imported by tests.
const started = process.argv[1];
if (started && import.meta.url === pathToFileURL(realpathSync(started)).href) {
  const code = await run(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: process.stderr,
    env: process.env,
    stdin: readStdin,
  });
  process.exitCode = code;
}
