import { rmSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RoutesPlugin } from '../types.ts';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latency_ms: z.number(),
  }),
  /** Whether a file can be written where tables are stored. */
  blobs: z.object({ writable: z.boolean() }),
  uptime_s: z.number(),
});

/**
 * Writes and removes a small file in the blob store's temporary folder, synchronously: a few
 * microseconds on a local disk, and never queued on libuv's thread pool, where DuckDB's table
 * queries and file reads may keep every thread busy (docs/reliability.md, "Health").
 */
function blobsWritable(tempPath: string): boolean {
  try {
    writeFileSync(tempPath, 'health');
    rmSync(tempPath, { force: true });
    return true;
  } catch {
    return false;
  }
}

/** Seconds a client or load balancer is told to wait before asking again after a 503. */
const RETRY_AFTER_S = '2';

export const healthRoutes: RoutesPlugin = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database status',
        response: { 200: health, 503: health },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await ctx.db.execute(sql`select 1`);
      } catch {
        ok = false;
      }
      const writable = blobsWritable(ctx.blobs.tempPath());
      const body = {
        status: ok && writable ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: ctx.databaseKind,
          ok,
          latency_ms: Math.round((performance.now() - started) * 100) / 100,
        },
        blobs: { writable },
        uptime_s: Math.round(process.uptime()),
      };
      if (!(ok && writable)) reply.header('retry-after', RETRY_AFTER_S);
      return reply.status(ok && writable ? 200 : 503).send(body);
    },
  );
};
