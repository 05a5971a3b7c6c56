import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './db/client.ts';

/** The PostgreSQL channel every process of a site listens on. */
const CHANGES_CHANNEL = 'sheaf_changes';
/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 500;

/**
 * Tells every process of a site that something was written, so that each forgets what it
 * cached (pages, home snapshot, totals, open sessions). Within one process `announce` calls the
 * subscribers at once; with PostgreSQL it also sends a NOTIFY that the other processes receive
 * (their own is ignored). A listening connection that is lost is opened again, and everything
 * is forgotten then, since announcements may have been missed. See docs/deploy.md.
 */
export type ChangeFeed = {
  /** After a successful write: forget here, and tell the other processes. */
  announce: () => Promise<void>;
  /** `forget` runs after every write, in this process or another one. */
  subscribe: (forget: () => void) => void;
  close: () => Promise<void>;
};

export async function createChangeFeed(options: {
  db: Db;
  /** The PostgreSQL server to listen on; none (PGlite: one process) → this process only. */
  url: string | undefined;
  log?: (err: unknown) => void;
}): Promise<ChangeFeed> {
  const subscribers: (() => void)[] = [];
  const forgetAll = () => {
    for (const forget of subscribers) forget();
  };
  const self = randomUUID();
  const { url } = options;
  if (!url) {
    return {
      announce: async () => forgetAll(),
      subscribe: (forget) => void subscribers.push(forget),
      close: async () => undefined,
    };
  }

  let closed = false;
  let listener: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempts = 0;
  const listen = async () => {
    if (closed) return;
    attempts++;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    let retried = false;
    const retry = (err: unknown) => {
      if (retried || closed) return;
      retried = true;
      options.log?.(err);
      if (listener === client) listener = null;
      void client.end().catch(() => undefined);
      if (!closed) timer = setTimeout(() => void listen(), RECONNECT_MS);
    };
    client.on('error', retry);
    client.on('end', () => retry(new Error('the changes listener was disconnected')));
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== self) forgetAll();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      listener = client;
      // After a lost connection, whatever was announced meanwhile is unknown: start afresh.
      if (attempts > 1) forgetAll();
    } catch (err) {
      retry(err);
    }
  };
  const ready = listen();
  // Serve nothing cached before listening (a first failure goes on retrying in the background).
  await ready;

  return {
    announce: async () => {
      forgetAll();
      try {
        await options.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${self})`);
      } catch (err) {
        // The write itself succeeded; the others' caches age out on their own (seconds).
        options.log?.(err);
      }
    },
    subscribe: (forget) => void subscribers.push(forget),
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await listener?.end().catch(() => undefined);
    },
  };
}
