import { describe, expect, it } from 'vitest';
import { publishKeys } from '../../src/islands/datasets/publish-key.ts';

describe("a form's Idempotency-Key", () => {
  it('stays the same while the same request is sent again, and changes with it', () => {
    const keyOf = publishKeys();
    const draft = { attributes: ['city'] };
    const first = keyOf([draft, '{"name":"Cities"}']);
    expect(first).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(keyOf([draft, '{"name":"Cities"}'])).toBe(first);
    const renamed = keyOf([draft, '{"name":"Towns"}']);
    expect(renamed).not.toBe(first);
    const newFile = keyOf([{ attributes: ['city'] }, '{"name":"Towns"}']);
    expect(newFile).not.toBe(renamed);
    expect(keyOf([{ attributes: ['city'] }, '{"name":"Towns"}'])).not.toBe(newFile);
  });

  it('differs between two forms', () => {
    const what = [{}, 'same'];
    expect(publishKeys()(what)).not.toBe(publishKeys()(what));
  });
});
