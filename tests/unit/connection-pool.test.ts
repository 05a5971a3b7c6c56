import net from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionPool } from '../../src/server/db/pool.ts';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable.ts';

// A server that takes the connection and never answers (a database host hung or behind a
// firewall that drops its replies): opening the connection gives up, and the error is the
// database being unavailable (503 DATABASE_UNAVAILABLE), not a 500.

const sockets = new Set<net.Socket>();
const silent = net.createServer((socket) => {
  sockets.add(socket);
  socket.on('error', () => undefined);
});

beforeAll(async () => {
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  silent.close();
  await once(silent, 'close');
});

describe('the connection pool', () => {
  it('a server that never answers: the database is unavailable', async () => {
    const { port } = silent.address() as net.AddressInfo;
    const pool = connectionPool(`postgres://sheaf@127.0.0.1:${port}/sheaf`);
    try {
      const error: unknown = await pool.query('select 1').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
    }
  });
});
