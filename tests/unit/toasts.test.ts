import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

async function loadToasts() {
  vi.resetModules();
  return import('../../src/stores/toasts.ts');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the old', async () => {
    const { $toasts, toast } = await loadToasts();
    const first = toast({ title: 'Saved' });
    expect($toasts.get()).toEqual([{ id: first, title: 'Saved', variant: 'default', open: true }]);
    const second = toast({ title: 'Failed', description: 'Try again', variant: 'destructive' });
    expect(second).not.toBe(first);
    expect($toasts.get()).toEqual([
      { id: second, title: 'Failed', description: 'Try again', variant: 'destructive', open: true },
    ]);
  });

  it('a dismissed toast closes at once and is removed after 1,000,000 ms', async () => {
    const { $toasts, dismiss, toast } = await loadToasts();
    const id = toast({ title: 'Saved' });
    dismiss(id);
    expect($toasts.get()).toMatchObject([{ id, open: false }]);
    vi.advanceTimersByTime(999_999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toEqual([]);
  });

  it('dismiss() without an id closes every toast', async () => {
    const { $toasts, dismiss, toast } = await loadToasts();
    toast({ title: 'One' });
    dismiss();
    expect($toasts.get().every((t) => !t.open)).toBe(true);
  });

  it('the removal of a replaced toast does not remove its successor', async () => {
    const { $toasts, dismiss, toast } = await loadToasts();
    const old = toast({ title: 'Old' });
    dismiss(old);
    const fresh = toast({ title: 'New' });
    vi.advanceTimersByTime(1_000_000);
    expect($toasts.get()).toMatchObject([{ id: fresh, open: true }]);
  });
});
