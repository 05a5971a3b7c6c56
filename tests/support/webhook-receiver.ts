/** A webhook receiver for the API tests: records every POST and answers as told. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { startWebhookWorker } from '../../src/server/services/webhooks/worker.ts';
import { queryRows, type Caller } from './api.ts';
import type { TestApp } from './app.ts';

type Received = {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  raw: Buffer;
};

/** What the receiver answers a request with: a status, or `'hang'` (no answer at all). */
type Answer = number | 'hang';

export type Receiver = {
  /** http://127.0.0.1:port (append a path to tell hooks apart). */
  url: string;
  port: number;
  received: Received[];
  /** Answers the next requests in turn; 200 once they are used up. */
  answers: Answer[];
  close: () => Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    answers,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Test timings: a retry "minute" of `minuteMs`, quick polls, short leases. */
export const startTestWorker = (
  t: TestApp,
  options: { minuteMs?: number; leaseMs?: number; timeoutMs?: number } = {},
) =>
  startWebhookWorker(
    t.ctx,
    { info: () => undefined, error: (o, m) => console.error(m, o) },
    {
      pollMs: 25,
      minuteMs: 20,
      leaseMs: 2_000,
      timeoutMs: 2_000,
      ...options,
    },
  );

/** Waits until `check` answers true (polling), failing after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still waiting after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Publishes a new version of a dataset as its owner; fails unless 201. */
export async function publish(
  t: TestApp,
  owner: Caller,
  datasetId: number,
  rain = 1,
): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets/${datasetId}/versions`,
    headers: owner.auth,
    payload: {
      attributes: ['city', 'rain_mm'],
      entries: [
        ['Beijing', rain],
        ['Shanghai', 1200],
      ],
    },
  });
  if (res.statusCode !== 201) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
}

/** POST /webhooks as `who`. */
export const register = (t: TestApp, who: Caller, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/webhooks', headers: who.auth, payload });

/** A watch, written straight to the table. */
export const watch = (t: TestApp, userId: number, datasetId: number) =>
  t.ctx.db.execute(sql`insert into watches (user_id, dataset_id) values (${userId}, ${datasetId})`);

export type DeliveryRow = {
  id: number;
  webhook_id: number;
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
};

export const deliveries = (t: TestApp) =>
  queryRows<DeliveryRow>(
    t,
    sql`select id, webhook_id, state, attempts, last_status, last_error
        from webhook_deliveries order by id`,
  );
