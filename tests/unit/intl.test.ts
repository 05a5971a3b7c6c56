import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../src/lib/dates.ts';
import {
  bilingualLanguageName,
  languageName,
  languageNames,
  numberFormat,
  SCORE_FORMAT,
} from '../../src/lib/intl.ts';

describe('cached Intl formatters', () => {
  it('format in each locale', () => {
    const day = new Date('2026-11-21T23:30:00Z');
    expect(formatDate(day, 'zh-CN')).toBe('2026年11月21日');
    expect(formatDate(day, 'en-US')).toBe('November 21, 2026');
    expect(numberFormat('zh-CN').format(2160)).toBe('2,160');
    expect(numberFormat('en-US', SCORE_FORMAT).format(4)).toBe('4.0');
    expect(languageNames('zh-CN').of('en')).toBe('英语');
    expect(languageNames('en-US').of('zh')).toBe('Chinese');
  });

  it('build each locale and option set once, and keep option sets apart', () => {
    expect(numberFormat('en-US')).toBe(numberFormat('en-US'));
    expect(numberFormat('en-US', { ...SCORE_FORMAT })).toBe(numberFormat('en-US', SCORE_FORMAT));
    expect(numberFormat('en-US', SCORE_FORMAT)).not.toBe(numberFormat('en-US'));
    expect(numberFormat('zh-CN')).not.toBe(numberFormat('en-US'));
  });
});

describe('bilingualLanguageName', () => {
  it('names a tag in Chinese and in English', () => {
    expect(bilingualLanguageName('zh-CN')).toBe('中文（中国） · Chinese (China)');
    expect(bilingualLanguageName('fr')).toBe('法语 · French');
  });

  it('is empty for a malformed tag or one neither language can name', () => {
    expect(bilingualLanguageName('not a tag!')).toBe('');
    expect(bilingualLanguageName('')).toBe('');
    expect(bilingualLanguageName('qaa')).toBe('');
  });
});

describe('languageName', () => {
  it('names a tag in the page’s locale, and answers the tag itself when it cannot', () => {
    expect(languageName('zh-CN', 'zh-CN')).toBe('中文（中国）');
    expect(languageName('zh-CN', 'en-US')).toBe('Chinese (China)');
    expect(languageName('not a tag!', 'en-US')).toBe('not a tag!');
  });

  it('asks Intl once per locale and tag', () => {
    const of = vi.spyOn(Intl.DisplayNames.prototype, 'of');
    try {
      for (let i = 0; i < 20; i++) expect(languageName('fr-CA', 'en-US')).toBe('Canadian French');
      expect(languageName('fr-CA', 'zh-CN')).toBe('加拿大法语');
      expect(of.mock.calls.map(([tag]) => tag)).toEqual(['fr-CA', 'fr-CA']);
    } finally {
      of.mockRestore();
    }
  });
});
