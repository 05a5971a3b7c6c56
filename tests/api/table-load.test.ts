import { describe, expect, it } from 'vitest';
import { asRequest } from '../../src/server/lib/request-owner.ts';
import { createDataset, get, suiteApp, suiteUser } from '../support/api.ts';

// Two table queries at once and none waiting: two endless ones fill the engine.
const t = suiteApp({ DUCKDB_QUERIES: '2', DUCKDB_QUEUE: '0' });
const alice = suiteUser(t, 'alice');

describe('slow table queries holding every admitted slot', () => {
  it('leave /health and dataset reads answering, and refuse more table work with 503', async () => {
    const d = await createDataset(t, alice);
    const client = new AbortController();
    const endless = Array.from({ length: 2 }, () =>
      asRequest(client.signal, () =>
        t.ctx.tables.use((c) => c.runAndReadAll('SELECT count(*) FROM range(1_000_000_000_000)')),
      ).catch((e: unknown) => e),
    );
    try {
      while (t.ctx.tables.running < 2) await new Promise((r) => setTimeout(r, 10));
      const health = await get(t, '/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', blobs: { writable: true } });
      expect((await get(t, `/datasets/${d.id}`)).statusCode).toBe(200);
      const rows = await get(t, `/datasets/${d.id}/versions/1/rows?sort=population`);
      expect(rows.statusCode).toBe(503);
      expect(rows.headers['retry-after']).toBe('2');
      expect(rows.json()).toMatchObject({ code: 'SERVER_BUSY', details: { kind: 'table' } });
    } finally {
      client.abort();
      await Promise.all(endless);
    }
    // Once they end, table reads answer again.
    expect((await get(t, `/datasets/${d.id}/versions/1/rows?sort=population`)).statusCode).toBe(
      200,
    );
  });
});
