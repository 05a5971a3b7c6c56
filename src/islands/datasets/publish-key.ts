import { useState } from 'react';

/** A new random key: a UUID, or 32 hex digits where randomUUID is missing (plain-HTTP pages). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of a form's publishes (docs/reliability.md "Publishing twice"): the same
 * while the same request is sent again — Publish pressed again after an answer that never came —
 * and a new one when anything in it changed. `what` is the request: the table draft (a new
 * object for each file read) and its metadata and types as JSON text, compared with `===`.
 */
export function publishKeys(): (what: readonly unknown[]) => string {
  let last: { what: readonly unknown[]; key: string } | null = null;
  return (what) => {
    const before = last;
    const same =
      before !== null &&
      before.what.length === what.length &&
      what.every((v, i) => v === before.what[i]);
    if (same) return before.key;
    last = { what, key: newKey() };
    return last.key;
  };
}

/** publishKeys for the life of a form. */
export const usePublishKey = () => useState(publishKeys)[0];
