/**
 * Failed-login throttle: after `maxFailures` failures within `windowSeconds` for one key
 * (an identifier or an IP), further attempts are refused until the window has passed.
 * Kept in process memory; a multi-process deployment swaps in a shared store (Redis).
 */
export type LoginThrottle = {
  /** Seconds to wait before the next attempt may be made, or 0. */
  retryAfter: (keys: string[]) => number;
  fail: (keys: string[]) => void;
  succeed: (keys: string[]) => void;
};

export function createLoginThrottle(
  maxFailures: number,
  windowSeconds: number,
  now: () => number = Date.now,
): LoginThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const cutoff = now() - windowSeconds * 1000;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    retryAfter(keys) {
      let wait = 0;
      for (const key of keys) {
        const list = recent(key);
        if (list.length >= maxFailures) {
          const oldest = list[list.length - maxFailures] ?? now();
          wait = Math.max(wait, Math.ceil((oldest + windowSeconds * 1000 - now()) / 1000));
        }
      }
      return wait;
    },
    fail(keys) {
      for (const key of keys) failures.set(key, [...recent(key), now()]);
    },
    succeed(keys) {
      for (const key of keys) if (!key.startsWith('ip:')) failures.delete(key);
    },
  };
}
