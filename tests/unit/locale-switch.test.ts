import { describe, expect, it } from 'vitest';
import { switchedHref } from '../../src/lib/locale-switch.ts';

const at = (search: string, hash = '') => ({ search, hash });

describe('the language switcher keeps the page query and hash', () => {
  it('adds the page query to a link without one', () => {
    expect(switchedHref('https://sheaf.example/en-US/datasets/edit', at('?id=5'))).toBe(
      'https://sheaf.example/en-US/datasets/edit?id=5',
    );
  });

  it('keeps a link that has its own query, and a page without one', () => {
    expect(switchedHref('https://sheaf.example/?lang=zh-CN', at('?id=5'))).toBe(
      'https://sheaf.example/?lang=zh-CN',
    );
    expect(switchedHref('https://sheaf.example/en-US/datasets', at(''))).toBe(
      'https://sheaf.example/en-US/datasets',
    );
  });

  it('adds the page hash, beside the query or a query of the link', () => {
    expect(switchedHref('https://sheaf.example/en-US/datasets/3', at('?v=2', '#table'))).toBe(
      'https://sheaf.example/en-US/datasets/3?v=2#table',
    );
    expect(switchedHref('https://sheaf.example/?lang=zh-CN', at('', '#news'))).toBe(
      'https://sheaf.example/?lang=zh-CN#news',
    );
    expect(switchedHref('https://sheaf.example/en-US/news#top', at('', '#news'))).toBe(
      'https://sheaf.example/en-US/news#top',
    );
  });
});
