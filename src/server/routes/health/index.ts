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
  uptime_s: z.number(),
});

export const healthRoutes: RoutesPlugin = async (app, { ctx, databaseKind }) => {
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
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        database: {
          kind: databaseKind,
          ok,
          latency_ms: Math.round((performance.now() - started) * 100) / 100,
        },
        uptime_s: Math.round(process.uptime()),
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
};
