/**
 * `sheaf login`: stores a token for the site — one given (`--token`, or piped in), or one made
 * from a username and a password. A token login made that still works is kept rather than a new
 * one made at every login (each user may have LIVE_TOKENS_MAX in force); `--new-token` makes one
 * anyway, and the one it replaces is revoked.
 */
import os from 'node:os';
import type { CreatedToken } from '../contracts/tokens.ts';
import type { UserResponse } from '../contracts/users.ts';
import {
  CliError,
  EXIT,
  storeCredentials,
  storedCredentials,
  type Client,
  type Credentials,
} from './client.ts';
import { print, type Io } from './commands.ts';
import { errorMessage } from '../contracts/narrowing.ts';
import { sessionResponseSchema } from '../contracts/auth.ts';

/** Days a token made by `login --username` works: the token of a machine no longer used ends. */
export const LOGIN_TOKEN_DAYS = 90;

type LoginOptions = {
  token?: string;
  username?: string;
  passwordStdin?: boolean;
  newToken?: boolean;
  json: boolean;
};

const sameUser = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

const whoHolds = async (client: Client, token: string) =>
  (await client.json<UserResponse>('GET', '/users/me', { token })).user.username;

/** The token login made for `username` on this site, if it still works (an ended one answers 401). */
async function workingToken(client: Client, stored: Credentials | undefined, username: string) {
  // Only a token login made is kept: one given with --token may be a read token.
  if (stored?.id === undefined || !sameUser(stored.username, username)) return undefined;
  try {
    return sameUser(await whoHolds(client, stored.token), username) ? stored : undefined;
  } catch (err) {
    if (err instanceof CliError && err.exitCode === EXIT.auth) return undefined;
    throw err;
  }
}

/** A new write token, named after this machine, made with a session of the password's user. */
async function makeToken(client: Client, session: string): Promise<CreatedToken> {
  return client
    .json<CreatedToken>('POST', '/tokens', {
      body: {
        name: `sheaf CLI on ${os.hostname()}`.slice(0, 64),
        scope: 'write',
        expires_in_days: LOGIN_TOKEN_DAYS,
      },
      token: session,
    })
    .catch((err: unknown) => {
      // At the cap: say where to revoke the old ones.
      if (!(err instanceof CliError) || err.code !== 'TOKEN_LIMIT_REACHED') throw err;
      throw new CliError(
        `${err.message}. Revoke the tokens you no longer use under "Access tokens" on ${client.base}/profile, or pass one with --token`,
        err.exitCode,
        err.code,
      );
    });
}

/**
 * What becomes of the token a new one replaces: one login made is revoked with the session
 * (best effort; 404 means it was revoked already); any other (given with --token, or another
 * user's) stays in force and the user is told where to revoke it.
 */
async function retire(
  client: Client,
  io: Io,
  old: Credentials | undefined,
  now: { username: string; session: string | undefined },
): Promise<number | null> {
  const whereToRevoke = `revoke it under "Access tokens" on ${client.base}/profile if it is no longer used`;
  if (!old) return null;
  const session = now.session;
  if (old.id === undefined || !session || !sameUser(old.username, now.username)) {
    io.err.write(
      `sheaf: the token stored before (for ${old.username}) was not revoked; ${whereToRevoke}\n`,
    );
    return null;
  }
  try {
    await client.raw('DELETE', `/tokens/${old.id}`, { token: session, allow: [404] });
    return old.id;
  } catch (err) {
    io.err.write(
      `sheaf: could not revoke the token stored before (#${old.id}): ${errorMessage(err)}; ${whereToRevoke}\n`,
    );
    return null;
  }
}

type Session = { access: string; refresh: string | undefined };

/** Signs in with the password; `signOut` ends the session once it made the token. */
async function signIn(client: Client, username: string, password: string): Promise<Session> {
  const res = await client.raw('POST', '/auth/login', {
    body: { identifier: username, password },
    token: null,
  });
  const { access_token: access } = sessionResponseSchema
    .pick({ access_token: true })
    .parse(await res.json());
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('refresh_token='));
  const value = cookie?.slice('refresh_token='.length).split(';')[0];
  return { access, refresh: value ? decodeURIComponent(value) : undefined };
}

/** Ends the sign-in's session (best effort: unended, it expires with its refresh token). */
async function signOut(client: Client, session: Session | undefined): Promise<void> {
  if (!session?.refresh) return;
  await client
    .raw('POST', '/auth/logout', { body: { refresh_token: session.refresh }, token: null })
    .catch(() => undefined);
}

/** With a username: the stored token if it still works, else a new one made with the password. */
async function tokenOfPassword(
  client: Client,
  io: Io,
  options: LoginOptions & { username: string },
  stored: Credentials | undefined,
): Promise<{ kept?: Credentials; created?: CreatedToken; session?: Session }> {
  if (!options.passwordStdin) {
    throw new CliError('Give the password on stdin with --password-stdin', EXIT.usage);
  }
  const kept = options.newToken ? undefined : await workingToken(client, stored, options.username);
  if (kept) return { kept };
  const password = (await io.stdin()).replace(/\r?\n$/, '');
  const session = await signIn(client, options.username, password);
  try {
    return { created: await makeToken(client, session.access), session };
  } catch (err) {
    await signOut(client, session);
    throw err;
  }
}

export async function login(client: Client, io: Io, options: LoginOptions): Promise<void> {
  const stored = await storedCredentials(io.env, client.base);
  const { username: name } = options;
  const made =
    !options.token && name
      ? await tokenOfPassword(client, io, { ...options, username: name }, stored)
      : {};
  if (made.kept) {
    const file = await storeCredentials(io.env, client.base, made.kept);
    const username = made.kept.username;
    print(io, options.json, { username, token_file: file, new_token: false }, () => [
      `Already signed in as ${username}; keeping the token stored in ${file} (--new-token makes a new one)`,
    ]);
    return;
  }
  const { created, session } = made;
  let revoked: number | null;
  let username: string;
  let file: string;
  try {
    const token = created?.token ?? options.token ?? (await io.stdin()).trim();
    if (!token) throw new CliError('No token: pass --token, pipe one in, or use --username', 2);
    username = await whoHolds(client, token);
    file = await storeCredentials(io.env, client.base, { username, token, id: created?.id });
    const replaced = stored && stored.token !== token ? stored : undefined;
    revoked = await retire(client, io, replaced, { username, session: session?.access });
  } finally {
    await signOut(client, session);
  }
  const expires = created?.expires_at ? ` (it works until ${created.expires_at.slice(0, 10)})` : '';
  print(
    io,
    options.json,
    {
      username,
      token_file: file,
      new_token: created !== undefined,
      expires_at: created?.expires_at ?? null,
      revoked_token_id: revoked,
    },
    () => [
      `Signed in as ${username}; token stored in ${file}${expires}`,
      ...(revoked === null ? [] : [`The token stored before (#${revoked}) is revoked`]),
    ],
  );
}
