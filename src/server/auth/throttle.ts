/**
 * Failed-login throttle: after `maxFailures` failures within `windowSeconds` for one identifier
 * (or `maxFailuresPerIp` for one IP address, keys starting with `ip:` — higher, since an office
 * or a campus shares one address), further attempts are refused until the window has passed.
 * Kept in process memory; a multi-process deployment swaps in a shared store (Redis).
 */
export type LoginThrottle = {
  /** Seconds to wait before the next attempt may be made, or 0. */
  retryAfter: (keys: string[]) => number;
  fail: (keys: string[]) => void;
  succeed: (keys: string[]) => void;
};

export function createLoginThrottle(
  limits: { maxFailures: number; maxFailuresPerIp: number; windowSeconds: number },
  now: () => number = Date.now,
): LoginThrottle {
  const { windowSeconds } = limits;
  const maxFor = (key: string) =>
    key.startsWith('ip:') ? limits.maxFailuresPerIp : limits.maxFailures;
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
        const max = maxFor(key);
        if (list.length >= max) {
          const oldest = list[list.length - max] ?? now();
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
