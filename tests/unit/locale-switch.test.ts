import { describe, expect, it } from 'vitest';
import { switchedHref } from '../../src/lib/locale-switch.ts';

describe('the language switcher keeps the page query', () => {
  it('adds the page query to a link without one', () => {
    expect(switchedHref('https://sheaf.example/en-US/datasets/edit', '?id=5')).toBe(
      'https://sheaf.example/en-US/datasets/edit?id=5',
    );
  });

  it('keeps a link that has its own query, and a page without one', () => {
    expect(switchedHref('https://sheaf.example/?lang=zh-CN', '?id=5')).toBe(
      'https://sheaf.example/?lang=zh-CN',
    );
    expect(switchedHref('https://sheaf.example/en-US/datasets', '')).toBe(
      'https://sheaf.example/en-US/datasets',
    );
  });
});
