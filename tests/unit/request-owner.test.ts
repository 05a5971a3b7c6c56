import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  asBackgroundJob,
  ClientGoneError,
  currentOwner,
  registerRequestOwners,
} from '../../src/server/lib/request-owner.ts';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** An app whose one route waits until its owner's signal aborts, and reports why. */
async function waitingApp() {
  const app = Fastify();
  apps.push(app);
  registerRequestOwners(app);
  let aborted: (reason: unknown) => void = () => undefined;
  const reason = new Promise<unknown>((resolve) => (aborted = resolve));
  let background: unknown = 'unset';
  app.get('/wait', async () => {
    const owner = currentOwner();
    background = asBackgroundJob(() => currentOwner());
    owner?.signal.addEventListener('abort', () => aborted(owner.signal.reason));
    await new Promise((resolve) => setTimeout(resolve, 60_000).unref());
    return { done: true };
  });
  app.get('/quick', async () => ({ aborted: currentOwner()?.signal.aborted }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, port, reason, background: () => background };
}

describe('a request owns its work', () => {
  it("aborts the request's signal when its client goes away before the answer", async () => {
    const { port, reason, background } = await waitingApp();
    const sent = httpRequest({ host: '127.0.0.1', port, path: '/wait' });
    sent.on('error', () => undefined);
    sent.end();
    await new Promise((resolve) => setTimeout(resolve, 200));
    sent.destroy();
    expect(await reason).toBeInstanceOf(ClientGoneError);
    // Work started as a background job belongs to no request.
    expect(background()).toBeUndefined();
  });

  it('does not abort a request that was answered whole', async () => {
    const { port } = await waitingApp();
    const res = await fetch(`http://127.0.0.1:${port}/quick`);
    expect(await res.json()).toEqual({ aborted: false });
  });
});
