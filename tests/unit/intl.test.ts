import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../src/lib/dates.ts';
import {
  bilingualLanguageName,
  HEAT_FORMAT,
  languageName,
  languageNames,
  numberFormat,
  roundedAsShown,
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

describe('roundedAsShown', () => {
  it('rounds heat to three significant digits and a score to one decimal', () => {
    expect(roundedAsShown(5.5012, HEAT_FORMAT)).toBe(5.5);
    expect(roundedAsShown(5.4987, HEAT_FORMAT)).toBe(5.5);
    expect(roundedAsShown(5.4612, HEAT_FORMAT)).toBe(5.46);
    expect(roundedAsShown(0.0075412, HEAT_FORMAT)).toBe(0.00754);
    expect(roundedAsShown(12345.6, HEAT_FORMAT)).toBe(12300);
    expect(roundedAsShown(14 / 3, SCORE_FORMAT)).toBe(4.7);
    expect(roundedAsShown(4.75, SCORE_FORMAT)).toBe(4.8);
  });

  it('gives a figure that reads as the number did, in both languages', () => {
    const values = [5.5012, 5.4987, 0.35355, 0.0075412, 0.000061, 1.005, 99.95, 12345.6, 14 / 3];
    for (const locale of ['zh-CN', 'en-US']) {
      for (const [options, value] of values.flatMap((v) => [
        [HEAT_FORMAT, v] as const,
        [SCORE_FORMAT, v] as const,
      ])) {
        const format = numberFormat(locale, options);
        expect(format.format(roundedAsShown(value, options)), `${locale} ${value}`).toBe(
          format.format(value),
        );
      }
    }
  });

  it('never shows a day-old heat as 0', () => {
    expect(numberFormat('en-US', HEAT_FORMAT).format(1 / 26 ** 1.5)).toBe('0.00754');
  });
});
