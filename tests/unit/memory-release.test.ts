import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseMemoryWhenQuiet } from '../../src/server/memory-release.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the heap is given back when the server falls quiet', () => {
  it('collects twice after each busy spell, never while requests come', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    app.get('/', () => 'ok');
    const gc = vi.fn();
    const stop = releaseMemoryWhenQuiet(app, gc);
    const request = async () => expect((await app.inject('/')).statusCode).toBe(200);

    await vi.advanceTimersByTimeAsync(30_000);
    expect(gc).not.toHaveBeenCalled(); // no load yet: nothing to give back
    for (let i = 0; i < 3; i++) {
      await request();
      await vi.advanceTimersByTimeAsync(10_000);
    }
    expect(gc).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(gc).toHaveBeenCalledTimes(1);
    expect(gc).toHaveBeenCalledWith({ type: 'major', execution: 'async', flavor: 'last-resort' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(gc).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(gc).toHaveBeenCalledTimes(2);
    await request();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(gc).toHaveBeenCalledTimes(4);
    stop();
    await app.close();
  });
});
