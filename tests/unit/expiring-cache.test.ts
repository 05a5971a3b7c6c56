import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../../src/lib/expiring-cache.ts';

/** A cache on a clock the test moves. */
function cacheAt(max: number, ttl: number) {
  const clock = { now: 1_000 };
  const cache = new ExpiringCache<string>({ max, ttl, now: () => clock.now });
  return { cache, clock };
}

describe('ExpiringCache', () => {
  it('answers an entry until its life is over, then never again', () => {
    const { cache, clock } = cacheAt(10, 100);
    cache.set('a', 'A');
    clock.now += 100;
    expect(cache.get('a')).toBe('A');
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('restarts the life of an entry stored again, not of one read', () => {
    const { cache, clock } = cacheAt(10, 100);
    cache.set('a', 'A');
    clock.now += 60;
    expect(cache.get('a')).toBe('A');
    clock.now += 41;
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'A2');
    clock.now += 60;
    expect(cache.get('a')).toBe('A2');
  });

  it('drops the least recently used entry past its size, counting reads as use', () => {
    const { cache } = cacheAt(3, 1_000);
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect(cache.get('a')).toBe('A');
    cache.set('d', 'D');
    expect(cache.keys()).toEqual(['c', 'a', 'd']);
    expect(cache.get('b')).toBeUndefined();
    cache.set('c', 'C2');
    cache.set('e', 'E');
    expect(cache.keys()).toEqual(['d', 'c', 'e']);
    expect(cache.get('c')).toBe('C2');
  });

  it('counts expired entries until purgeStale drops them, keeping the live ones', () => {
    const { cache, clock } = cacheAt(10, 100);
    cache.set('old', 'O');
    clock.now += 50;
    cache.set('new', 'N');
    clock.now += 51;
    expect(cache.size).toBe(2);
    cache.purgeStale();
    expect(cache.keys()).toEqual(['new']);
    cache.delete('new');
    expect(cache.size).toBe(0);
  });
});
