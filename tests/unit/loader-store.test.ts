import { describe, expect, it } from 'vitest';
import { createLoader, type LoadStatus } from '../../src/stores/loader.ts';

type Page = { items: string[]; total: number };

/** A fetch whose answers the test gives, one by one, in any order. */
function heldFetch() {
  const calls: {
    params: { offset: number };
    signal: AbortSignal;
    answer: (page: Page) => void;
    fail: (error: unknown) => void;
  }[] = [];
  const fetch = (params: { offset: number }, signal: AbortSignal) =>
    new Promise<Page>((answer, fail) => calls.push({ params, signal, answer, fail }));
  return { calls, fetch };
}

describe('createLoader', () => {
  it('goes idle → loading → ready, keeping what was asked for and the answer', async () => {
    const { calls, fetch } = heldFetch();
    const loader = createLoader({ fetch });
    const seen: LoadStatus[] = [];
    const stop = loader.$loader.subscribe((state) => seen.push(state.status));
    const done = loader.load({ offset: 0 });
    expect(loader.$loader.get()).toEqual({
      status: 'loading',
      params: { offset: 0 },
      data: null,
      error: null,
    });
    calls[0]!.answer({ items: ['a'], total: 1 });
    await done;
    stop();
    expect(seen).toEqual(['idle', 'loading', 'ready']);
    expect(loader.$loader.get()).toEqual({
      status: 'ready',
      params: { offset: 0 },
      data: { items: ['a'], total: 1 },
      error: null,
    });
  });

  it('ignores a slow first answer that arrives after a faster second one, and aborts it', async () => {
    const { calls, fetch } = heldFetch();
    const loader = createLoader({ fetch });
    const first = loader.load({ offset: 0 });
    const second = loader.load({ offset: 20 });
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    calls[1]!.answer({ items: ['new'], total: 2 });
    await second;
    calls[0]!.answer({ items: ['old'], total: 1 });
    await first;
    expect(loader.$loader.get()).toMatchObject({
      status: 'ready',
      params: { offset: 20 },
      data: { items: ['new'], total: 2 },
    });
  });

  it('ignores a late failure of a request that was replaced', async () => {
    const { calls, fetch } = heldFetch();
    const loader = createLoader({ fetch });
    const first = loader.load({ offset: 0 });
    const second = loader.load({ offset: 20 });
    calls[0]!.fail(new Error('aborted'));
    await first;
    expect(loader.$loader.get()).toMatchObject({ status: 'loading', error: null });
    calls[1]!.answer({ items: ['b'], total: 1 });
    await second;
    expect(loader.$loader.get()).toMatchObject({ status: 'ready', error: null });
  });

  it('keeps the error and the data shown on failure, and retry asks for the same again', async () => {
    const { calls, fetch } = heldFetch();
    const loader = createLoader({
      fetch,
      combine: (before: Page | null, page: Page, params) => ({
        items: params.offset === 0 ? page.items : [...(before?.items ?? []), ...page.items],
        total: page.total,
      }),
    });
    const first = loader.load({ offset: 0 });
    calls[0]!.answer({ items: ['a'], total: 2 });
    await first;
    const more = loader.load({ offset: 1 });
    const offline = new Error('offline');
    calls[1]!.fail(offline);
    await more;
    expect(loader.$loader.get()).toEqual({
      status: 'failed',
      params: { offset: 1 },
      data: { items: ['a'], total: 2 },
      error: offline,
    });

    const again = loader.retry();
    expect(calls).toHaveLength(3);
    expect(calls[2]!.params).toEqual({ offset: 1 });
    expect(loader.$loader.get()).toMatchObject({ status: 'loading', error: null });
    calls[2]!.answer({ items: ['b'], total: 2 });
    await again;
    expect(loader.$loader.get()).toMatchObject({
      status: 'ready',
      data: { items: ['a', 'b'], total: 2 },
      error: null,
    });
  });

  it('retries nothing before the first load', async () => {
    const { calls, fetch } = heldFetch();
    const loader = createLoader({ fetch });
    await loader.retry();
    expect(calls).toHaveLength(0);
    expect(loader.$loader.get().status).toBe('idle');
  });

  it('cancel aborts the request under way and drops its answer', async () => {
    const { calls, fetch } = heldFetch();
    const loader = createLoader({ fetch });
    const done = loader.load({ offset: 0 });
    loader.cancel();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(loader.$loader.get().status).toBe('idle');
    calls[0]!.answer({ items: ['late'], total: 1 });
    await done;
    expect(loader.$loader.get()).toMatchObject({ status: 'idle', data: null });
  });

  it('update edits what is shown and keeps the status', async () => {
    const { calls, fetch } = heldFetch();
    const loader = createLoader({ fetch });
    const done = loader.load({ offset: 0 });
    calls[0]!.answer({ items: ['a', 'b'], total: 2 });
    await done;
    loader.update((page) => page && { items: page.items.filter((i) => i !== 'a'), total: 1 });
    expect(loader.$loader.get()).toMatchObject({
      status: 'ready',
      data: { items: ['b'], total: 1 },
    });
  });
});
