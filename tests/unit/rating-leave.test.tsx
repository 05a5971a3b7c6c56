// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json, type SentRequest } from '../support/fake-fetch.ts';
import { wireUser } from '../support/wire.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const rating = (score: number | null) =>
  json(200, { average_score: score ?? 0, rating_count: score ? 1 : 0, score });

/** The rating of dataset 7 as a signed-in user sees it, the score 2 saved before. */
async function rateWithArrows(
  save: (r: SentRequest) => Response | Promise<Response> = (r) =>
    rating((r.body as { score: number }).score),
) {
  localStorage.setItem(
    'auth-store',
    JSON.stringify({ user: wireUser, token: 't', tokenExpiresAt: null, isAuthenticated: true }),
  );
  const { requests } = installFakeFetch((r) => {
    if (r.url.pathname === '/api/v1/users/me') return json(200, { user: wireUser });
    if (r.method === 'POST') return save(r);
    return rating(2);
  });
  const { useRating } = await import('../../src/islands/community/useRating.ts');
  const { initAuth } = await import('../../src/stores/auth.ts');
  await act(() => initAuth());
  const hook = renderHook(() =>
    useRating({ datasetId: 7, averageScore: 2, ratingCount: 1, locale: 'en-US' }, true),
  );
  // The saved score arrives (each look lets React apply what came meanwhile).
  await vi.waitFor(async () => {
    await act(async () => undefined);
    expect(hook.result.current.saved).toBe(2);
  });
  vi.useFakeTimers();
  const saves = () => requests.filter((r) => r.method === 'POST');
  return { hook, saves };
}

describe('a score chosen with the arrow keys, the page left before it was saved', () => {
  it('is saved when the page is left, with a request that outlives the page', async () => {
    const { hook, saves } = await rateWithArrows();
    // The arrow keys: a step to 3, saved once the keys rest.
    act(() => hook.result.current.choose(3, true));
    expect(saves()).toHaveLength(0);
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(saves().map((r) => [r.url.pathname, r.body, r.keepalive])).toEqual([
      [
        '/api/v1/datasets/7/rate',
        { score: 3, order: { page: expect.any(String), sequence: 1 } },
        true,
      ],
    ]);
    // Sent once: the step's own timer no longer sends it again.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(saves()).toHaveLength(1);
  });

  it('is saved when the page is hidden (a tab closed or switched away from)', async () => {
    const { hook, saves } = await rateWithArrows();
    act(() => hook.result.current.choose(3, true));
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(saves().map((r) => [(r.body as { score: number }).score, r.keepalive])).toEqual([
      [3, true],
    ]);
  });

  it('wins over an earlier score whose save is still under way and arrives after it', async () => {
    // The server: one score per user, not replaced by an earlier save of the same page.
    type Save = { score: number; order?: { page: string; sequence: number } };
    let stored: Save = { score: 2 };
    const apply = (save: Save) => {
      const earlier =
        save.order &&
        stored.order?.page === save.order.page &&
        stored.order.sequence >= save.order.sequence;
      if (!earlier) stored = save;
      return rating(stored.score);
    };
    let arrive = () => undefined as unknown;
    const { hook, saves } = await rateWithArrows((r) => {
      const save = r.body as Save;
      // The click's save is slow to arrive; the one sent as the page is left is not.
      if (r.keepalive) return apply(save);
      return new Promise<Response>((resolve) => (arrive = () => resolve(apply(save))));
    });
    act(() => hook.result.current.choose(4, false));
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() => hook.result.current.choose(3, true));
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(saves().map((r) => (r.body as Save).score)).toEqual([4, 3]);
    await act(async () => {
      arrive();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(stored.score).toBe(3);
  });
});
