// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json } from '../support/fake-fetch.ts';
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
async function rateWithArrows() {
  localStorage.setItem(
    'auth-store',
    JSON.stringify({ user: wireUser, token: 't', tokenExpiresAt: null, isAuthenticated: true }),
  );
  const { requests } = installFakeFetch((r) => {
    if (r.url.pathname === '/api/v1/users/me') return json(200, { user: wireUser });
    if (r.method === 'POST') return rating((r.body as { score: number }).score);
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
  // The arrow keys: a step to 3, saved once the keys rest.
  vi.useFakeTimers();
  act(() => hook.result.current.choose(3, true));
  const saves = () => requests.filter((r) => r.method === 'POST');
  return { saves };
}

describe('a score chosen with the arrow keys, the page left before it was saved', () => {
  it('is saved when the page is left, with a request that outlives the page', async () => {
    const { saves } = await rateWithArrows();
    expect(saves()).toHaveLength(0);
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(saves().map((r) => [r.url.pathname, r.body, r.keepalive])).toEqual([
      ['/api/v1/datasets/7/rate', { score: 3 }, true],
    ]);
    // Sent once: the step's own timer no longer sends it again.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(saves()).toHaveLength(1);
  });

  it('is saved when the page is hidden (a tab closed or switched away from)', async () => {
    const { saves } = await rateWithArrows();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(saves().map((r) => [r.body, r.keepalive])).toEqual([[{ score: 3 }, true]]);
  });
});
