import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api/errors.ts';
import { getDataset } from '../../lib/api/datasets.ts';
import type { Dataset } from '../../lib/api/types.ts';

/** The positive integer `?id=` of the page's address, or null. */
export function idFromAddress(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  if (!/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export type OwnedDataset =
  | { kind: 'loading' }
  | { kind: 'missing' }
  | { kind: 'notOwner'; dataset: Dataset }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; dataset: Dataset };

/**
 * The dataset named by `?id=`, as the signed-in `userId` may change it: missing (no id, no such
 * dataset, or someone else's private one), not theirs, or ready. Null `userId` waits.
 */
export function useOwnedDataset(id: number | null, userId: number | null): OwnedDataset {
  const [answer, setAnswer] = useState<{ key: string; value: OwnedDataset } | null>(null);
  const key = `${id}:${userId}`;

  useEffect(() => {
    if (id === null || userId === null) return;
    let current = true;
    getDataset(id).then(
      (dataset) => {
        if (!current) return;
        const value: OwnedDataset =
          dataset.ownerId === userId ? { kind: 'ready', dataset } : { kind: 'notOwner', dataset };
        setAnswer({ key, value });
      },
      (error: unknown) => {
        if (!current) return;
        const value: OwnedDataset =
          isApiError(error) && error.status === 404
            ? { kind: 'missing' }
            : { kind: 'failed', error };
        setAnswer({ key, value });
      },
    );
    return () => {
      current = false;
    };
  }, [id, userId, key]);

  if (id === null) return { kind: 'missing' };
  return answer?.key === key ? answer.value : { kind: 'loading' };
}
