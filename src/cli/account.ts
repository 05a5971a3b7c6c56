/**
 * `sheaf whoami`, `sheaf logout`, `sheaf search`, `sheaf edit` and `sheaf delete`: who the token
 * is, forgetting it, finding datasets, and changing or deleting one's own.
 */
import type { Dataset, DatasetListResponse, UpdateDatasetBody } from '../contracts/datasets.ts';
import type { UserResponse } from '../contracts/users.ts';
import { CliError, EXIT, forgetCredentials, storedCredentials, type Client } from './client.ts';
import { print, type Io } from './commands.ts';

/** `sheaf whoami`: the account the token acts for. */
export async function whoami(client: Client, io: Io, json: boolean): Promise<void> {
  const { user } = await client.json<UserResponse>('GET', '/users/me');
  print(io, json, { user }, () => [`${user.username} (#${user.id}) on ${client.base}`]);
}

/**
 * `sheaf logout`: forgets the token stored for this site. A token cannot revoke tokens (only a
 * signed-in session can), so one `sheaf login` made keeps working until it ends, unless revoked
 * on the website's tokens page; the message says so.
 */
export async function logout(client: Client, io: Io, json: boolean): Promise<void> {
  const stored = await storedCredentials(io.env, client.base);
  if (!stored) {
    print(io, json, { signed_out: false }, () => [`No token is stored for ${client.base}`]);
    return;
  }
  await forgetCredentials(io.env, client.base);
  print(io, json, { signed_out: true, token_id: stored.id ?? null }, () => [
    `Signed out of ${client.base}`,
    ...(stored.id === undefined
      ? []
      : [`Token #${stored.id} still works until it ends; revoke it at ${client.base}/profile`]),
  ]);
}

export type SearchOptions = {
  query?: string | undefined;
  tags?: string | undefined;
  language?: string | undefined;
  license?: string | undefined;
  sort?: string | undefined;
  limit: number;
  json: boolean;
};

/** `sheaf search WORDS`: public datasets by words, tags, language, licence, in the order asked. */
export async function search(client: Client, io: Io, o: SearchOptions): Promise<void> {
  const page = await client.json<DatasetListResponse>('GET', '/datasets', {
    query: {
      query: o.query,
      tags: o.tags,
      language: o.language,
      license: o.license,
      sort: o.sort,
      limit: o.limit,
    },
  });
  print(io, o.json, page, () => [
    ...page.datasets.map(
      (d) => `${String(d.id).padStart(7)}  v${d.latest_version}  ${d.name}  (${d.owner.username})`,
    ),
    `${page.datasets.length} of ${page.total_estimated ? 'about ' : ''}${page.total}`,
  ]);
}

/** `sheaf edit ID --name … --public`: changes the fields given; the others keep their value. */
export async function edit(
  client: Client,
  io: Io,
  id: number,
  body: UpdateDatasetBody,
  json: boolean,
): Promise<void> {
  if (Object.values(body).every((v) => v === undefined)) {
    throw new CliError(
      'edit needs at least one of --name, --description, --tags, --language, --license, --public, --private',
      EXIT.usage,
    );
  }
  const d = await client.json<Dataset>('PUT', `/datasets/${id}`, { body });
  print(io, json, d, () => [`Saved ${d.name} (#${d.id}), ${d.is_public ? 'public' : 'private'}`]);
}

/** `sheaf delete ID --yes`: deletes a dataset and every version; asks for --yes first. */
export async function remove(
  client: Client,
  io: Io,
  id: number,
  options: { yes: boolean; json: boolean },
): Promise<void> {
  if (!options.yes) {
    throw new CliError(
      `delete removes dataset #${id} and all its versions for good: add --yes to go ahead`,
      EXIT.usage,
    );
  }
  await client.raw('DELETE', `/datasets/${id}`);
  print(io, options.json, { deleted: id }, () => [`Deleted dataset #${id}`]);
}
