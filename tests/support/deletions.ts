/**
 * What the tests of deletions and the requests racing them share (account-race, the community
 * deletion tests, deadlock-victims, download-race): a test app for the file, accounts signed up
 * at once, an account's deletion, answers read as `201` or `401 TOKEN_INVALID`, and on
 * PostgreSQL transactions of the test's own that hold rows locked while requests wait for them.
 *
 * On PostgreSQL requests sent together really run at the same time; PGlite runs one transaction
 * at a time, so there they interleave between transactions and one round shows the answers.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { caller, queryRows, suiteApp } from './api.ts';
import type { TestApp } from './app.ts';
import { signUp, type SignedUp } from './users.ts';

export const onPostgres = process.env['TEST_DB'] === 'postgres';

/** `n` rounds on PostgreSQL, where requests meet; one on PGlite. */
export const rounds = (n: number) => (onPostgres ? n : 1);

/** What the answer tells a client: `201`, or `401 TOKEN_INVALID`. */
export function answer(res: LightMyRequestResponse): string {
  if (res.statusCode < 300) return String(res.statusCode);
  return `${res.statusCode} ${res.json<{ code: string }>().code}`;
}

/** A deleted account's answers: gone (TOKEN_INVALID), or its session already ended. */
export const GONE = ['401 TOKEN_INVALID', '401 SESSION_ENDED'];

type Call = ReturnType<typeof caller>;

/** `n` accounts as a tuple, so that `const [owner, forker] = …` needs no checks. */
type Accounts<N extends number, A extends SignedUp[] = []> = A['length'] extends N
  ? A
  : Accounts<N, [...A, SignedUp]>;

type DeletionApp = {
  /** The file's app (made before its first test, closed after its last). */
  readonly t: TestApp;
  /** Calls /api/v1`url` as `who` (see `caller`). */
  call: Call;
  /** `n` accounts signed up at once. */
  accounts: <N extends number>(n: N) => Promise<Accounts<N>>;
  /** DELETE /users/me, confirmed with the account's password. */
  deleteAccount: (who: SignedUp) => Promise<LightMyRequestResponse>;
};

/** A test app for the file (suiteApp), and the calls its tests make. */
export function deletionApp(): DeletionApp {
  const t = suiteApp();
  const call: Call = (...args) => caller(t)(...args);
  return {
    t,
    call,
    accounts: async <N extends number>(n: N) =>
      (await Promise.all(Array.from({ length: n }, () => signUp(t.app)))) as Accounts<N>,
    deleteAccount: (who) => call('DELETE', '/users/me', who, { password: who.password }),
  };
}

/** Waits until `n` of the database's connections wait for a lock (PostgreSQL only). */
export async function lockWaiters(t: TestApp, n: number): Promise<void> {
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (Number(row!.n) >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

type Held = {
  /** Runs one more statement in the transaction; resolves once it has run. */
  also: (statement: SQL) => Promise<void>;
  /** Ends the transaction and with it every lock it took. */
  release: () => Promise<void>;
};

/**
 * A transaction of its own that runs `lock`, then the statements it is given, and holds every
 * lock they took until released.
 */
export async function hold(t: TestApp, lock: SQL): Promise<Held> {
  const asked: { statement: SQL; ran: () => void; failed: (error: unknown) => void }[] = [];
  let wake = () => {};
  let released = false;
  const done = t.ctx.db.transaction(async (tx) => {
    for (;;) {
      const step = asked.shift();
      if (step) await tx.execute(step.statement).then(step.ran, step.failed);
      else if (released) return;
      else await new Promise<void>((r) => (wake = r));
    }
  });
  const also = (statement: SQL) =>
    new Promise<void>((ran, failed) => {
      asked.push({ statement, ran, failed });
      wake();
    });
  await also(lock);
  return {
    also,
    release: async () => {
      released = true;
      wake();
      await done;
    },
  };
}
