/** Runs the `sheaf` command in-process against a test server, as a user whose config is a folder. */
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { run } from '../../src/cli/main.ts';
import type { TestApp } from './app.ts';
import { suiteApp } from './api.ts';
import { tempDirs } from './temp-dirs.ts';
import { signUp, type SignedUp } from './users.ts';

type SheafRun = { code: number; out: string; err: string };

type SheafOptions = { stdin?: string; config?: string; env?: Record<string, string> };

/** `sheaf …` calls `base`; the user's config lives in `config` (default `dir/config`). */
function sheafAt(base: () => string, dir: () => string) {
  return async (args: string[], options: SheafOptions = {}): Promise<SheafRun> => {
    const out: string[] = [];
    let err = '';
    const code = await run(args, {
      out: (line) => out.push(line),
      err: { isTTY: false, write: (s: string) => (err += s) },
      env: {
        SHEAF_API: base(),
        SHEAF_CONFIG_DIR: options.config ?? path.join(dir(), 'config'),
        ...options.env,
      },
      stdin: async () => options.stdin ?? '',
    });
    return { code, out: out.join('\n'), err };
  };
}

/** The password of the accounts a sheafSuite signs up. */
export const CLI_PASSWORD = 'correct-horse-1';

export type SheafSuite = {
  t: TestApp;
  /** The app's address (listening on a port of its own), which the command calls. */
  base: string;
  /** The user's folder: the files pushed and pulled, and the command's config in `dir`/config. */
  dir: string;
  /** The accounts signed up, by username. */
  users: Record<string, SignedUp>;
  /** `sheaf …`, as sheafAt runs it against `base` for the user of `dir`. */
  sheaf: (args: string[], options?: SheafOptions) => Promise<SheafRun>;
  /** `sheaf login --username USERNAME --password-stdin FLAGS…` with CLI_PASSWORD on stdin. */
  login: (username: string, options?: { flags?: string[]; config?: string }) => Promise<SheafRun>;
};

/**
 * The command-line tests' set-up, before the tests of the calling file: a suiteApp listening on
 * a port, a folder of the user's (removed after them), the accounts `users` (password
 * CLI_PASSWORD) and, when `signedIn` names one, that account signed in with `sheaf login`. Read
 * its fields in tests and hooks only.
 */
export function sheafSuite(options: { users: string[]; signedIn?: string }): SheafSuite {
  const t = suiteApp();
  const folder = tempDirs('sheaf-cli-', afterAll);
  const suite = { t, users: {} } as SheafSuite;
  suite.sheaf = sheafAt(
    () => suite.base,
    () => suite.dir,
  );
  suite.login = (username, { flags = [], config } = {}) =>
    suite.sheaf(['login', '--username', username, '--password-stdin', ...flags], {
      stdin: `${CLI_PASSWORD}\n`,
      config,
    });
  beforeAll(async () => {
    suite.base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    suite.dir = folder();
    for (const username of options.users) {
      suite.users[username] = await signUp(t.app, { username, password: CLI_PASSWORD });
    }
    if (options.signedIn) {
      const login = await suite.login(options.signedIn);
      if (login.code !== 0) throw new Error(`sheaf login failed (${login.code}): ${login.err}`);
    }
  });
  return suite;
}
