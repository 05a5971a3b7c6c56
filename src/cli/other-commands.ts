/**
 * The commands beyond publishing and pulling: the account (whoami, logout), finding and managing
 * datasets (search, edit, delete) and reading tables (rows, stats, compare, changes).
 */
import { LICENSE_IDS } from '../contracts/limits.ts';
import type { UpdateDatasetBody } from '../contracts/datasets.ts';
import { edit, logout, remove, search, whoami } from './account.ts';
import { CliError, EXIT, type Client } from './client.ts';
import type { Io } from './commands.ts';
import { propose, proposals } from './proposals.ts';
import { userPath } from './user-path.ts';
import { changes, compare, rows, stats } from './tables.ts';
import { idOf, USAGE, type Values } from './usage.ts';
import { isOneOf } from '../contracts/narrowing.ts';

const optionalId = (value: string | undefined, what: string) =>
  value === undefined ? undefined : idOf(value, what);

/** Tags as the API takes them: `a, b` → ['a', 'b']. */
const tagList = (tags: string | undefined) =>
  tags === undefined
    ? undefined
    : tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean);

/** `sheaf edit`'s body: the fields given on the command line. */
function editBody(v: Values): UpdateDatasetBody {
  if (v.public && v.private) throw new CliError('Give --public or --private, not both', EXIT.usage);
  return {
    name: v.name,
    description: v.description,
    tags: tagList(v.tags),
    language: v.language,
    license: v.license as UpdateDatasetBody['license'],
    is_public: v.public ? true : v.private ? false : undefined,
    key_columns: tagList(v.key),
  };
}

const checkLicense = (license: string | undefined) => {
  if (license !== undefined && license !== 'none' && !isOneOf(LICENSE_IDS, license)) {
    throw new CliError(`--license must be one of ${LICENSE_IDS.join(', ')}, none`, EXIT.usage);
  }
};

/** Runs `command` if it is one of these; false when it is not. */
export async function runOther(
  client: Client,
  io: Io,
  command: string,
  rest: string[],
  v: Values,
): Promise<boolean> {
  const version = optionalId(v.version, '--version');
  switch (command) {
    case 'whoami':
      await whoami(client, io, v.json);
      return true;
    case 'logout':
      await logout(client, io, v.json);
      return true;
    case 'search':
      checkLicense(v.license);
      await search(client, io, {
        query: rest.join(' ') || v.query,
        tags: v.tags,
        language: v.language,
        license: v.license,
        sort: v.sort,
        limit: optionalId(v.limit, '--limit') ?? 20,
        json: v.json,
      });
      return true;
    case 'edit':
      checkLicense(v.license);
      await edit(client, io, idOf(rest[0], 'ID'), editBody(v), v.json);
      return true;
    case 'delete':
      await remove(client, io, idOf(rest[0], 'ID'), { yes: v.yes, json: v.json });
      return true;
    case 'rows':
      await rows(client, io, idOf(rest[0], 'ID'), {
        version,
        offset: v.offset === undefined || v.offset === '0' ? 0 : idOf(v.offset, '--offset'),
        limit: optionalId(v.limit, '--limit') ?? 20,
        sort: v.sort,
        desc: v.desc,
        q: v.query,
        json: v.json,
      });
      return true;
    case 'stats':
      await stats(client, io, idOf(rest[0], 'ID'), { version, json: v.json });
      return true;
    case 'changes':
      await changes(client, io, idOf(rest[0], 'ID'), {
        since: v.since === undefined || v.since === '0' ? 0 : idOf(v.since, '--since'),
        json: v.json,
      });
      return true;
    case 'compare':
      if (rest.length < 3) throw new CliError(`compare needs ID FROM TO\n\n${USAGE}`, EXIT.usage);
      await compare(client, io, idOf(rest[0], 'ID'), {
        from: idOf(rest[1], 'FROM'),
        to: idOf(rest[2], 'TO'),
        key: v.key,
        json: v.json,
      });
      return true;
    case 'propose':
      if (rest.length < 2) throw new CliError(`propose needs ID FILE\n\n${USAGE}`, EXIT.usage);
      await propose(client, io, idOf(rest[0], 'ID'), userPath(io, rest[1]!), {
        title: v.title,
        body: v.body,
        mode: v.mode,
        json: v.json,
      });
      return true;
    case 'proposals':
      await proposals(client, io, idOf(rest[0], 'ID'), { state: v.state, json: v.json });
      return true;
    default:
      return false;
  }
}
