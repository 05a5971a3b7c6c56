import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startEmbeddedPostgres,
  type EmbeddedPostgres,
} from '../../src/server/db/embedded-postgres.ts';
import { connectionPool } from '../../src/server/db/pool.ts';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';
import { tempDirs } from '../support/temp-dirs.ts';

// A connection whose network path stops carrying packets without a word (a database host's
// failover, a firewall forgetting the connection) never fails by itself: its statement waited
// for the operating system's retransmissions, about fifteen minutes, holding a pooled connection.

const tempDir = tempDirs('sheaf-silent-', afterAll);
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A TCP proxy to a PostgreSQL server's Unix socket. `silence()` makes the connections it carries
 * stop passing bytes either way, sockets left open; connections made after it pass again.
 */
function silenceableProxy(socketFile: string) {
  const links = new Set<{ silent: boolean }>();
  const server = net.createServer((client) => {
    const link = { silent: false };
    links.add(link);
    const upstream = net.connect(socketFile);
    client.on('data', (bytes) => link.silent || upstream.write(bytes));
    upstream.on('data', (bytes) => link.silent || client.write(bytes));
    for (const socket of [client, upstream]) {
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
        links.delete(link);
      });
    }
  });
  return { server, silence: () => links.forEach((link) => (link.silent = true)) };
}

let database: EmbeddedPostgres;
let proxy: ReturnType<typeof silenceableProxy>;
let url: string;

beforeAll(async () => {
  database = await startEmbeddedPostgres({ dir: tempDir(), log: quiet });
  // postgresql://<user>@/<database>?host=<socket folder>&port=<socket number>
  const [, user, query] = /^postgresql:\/\/([^@]+)@\/[^?]*\?(.*)$/.exec(database.url)!;
  const socket = new URLSearchParams(query);
  const socketFile = path.join(socket.get('host')!, `.s.PGSQL.${socket.get('port')}`);
  proxy = silenceableProxy(socketFile);
  proxy.server.listen(0, '127.0.0.1');
  await once(proxy.server, 'listening');
  const { port } = proxy.server.address() as net.AddressInfo;
  url = `postgresql://${user}@127.0.0.1:${port}/postgres`;
}, 120_000);
afterAll(async () => {
  proxy?.server.close();
  await database?.stop();
});

const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe('a database connection that falls silent', () => {
  it('fails its statement as the database being unavailable, and the next one works on a new connection', async () => {
    const pool = connectionPool(url, 2_000);
    try {
      // A connection checked out, as a transaction holds one.
      const client = await pool.connect();
      expect((await client.query<{ n: number }>('select 1 as n')).rows).toEqual([{ n: 1 }]);
      proxy.silence();
      const error = await failure(client.query('select 2 as n'));
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
      client.release();
      // The silent connection was closed, not handed out again behind its unanswered statement.
      expect((await pool.query<{ n: number }>('select 3 as n')).rows).toEqual([{ n: 3 }]);
      expect(pool.totalCount).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
