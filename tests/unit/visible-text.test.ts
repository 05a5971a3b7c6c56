import { describe, expect, it } from 'vitest';
import { isBlank } from '../../src/lib/visible-text.ts';

/** What counts as showing nothing (docs/datasets.md, "Validation"). */
describe('isBlank', () => {
  it.each([
    ['nothing', ''],
    ['spaces, ideographic included', ' \u3000 '],
    ['a zero-width space', '\u200b'],
    ['a BOM and a word joiner', '\ufeff\u2060'],
    ['a soft hyphen', '\u00ad'],
    ['a variation selector', '\ufe0f'],
    ['the Braille blank', '\u2800'],
    ['Braille blanks between spaces', ' \u2800\u2800 '],
    ['the Hangul filler', '\u3164'],
    ['the Hangul choseong and jungseong fillers', '\u115f\u1160'],
    ['the halfwidth Hangul filler', '\uffa0'],
    ['the Mongolian vowel separator', '\u180e'],
    ['the musical null notehead', '\u{1d159}'],
    ['blank-drawing characters mixed with zero-width ones', '\u2800\u200b\u3164\ufe0f'],
  ])('finds %s blank', (_, text) => {
    expect(isBlank(text)).toBe(true);
  });

  it.each([
    ['Korean', '한국어 데이터'],
    ['an old Hangul syllable written with a jungseong filler', '\u1100\u1160'],
    ['Korean around a Hangul filler', '인구\u3164통계'],
    ['Braille words spaced with the Braille blank', '\u2813\u2811\u2807\u2807\u2815\u2800\u283a'],
    ['an emoji sequence', '👨\u200d👩\u200d👧'],
    ['Persian with a non-joiner', 'می\u200cخواهم'],
    ['a letter after a Braille blank', '\u2800a'],
  ])('finds %s visible', (_, text) => {
    expect(isBlank(text)).toBe(false);
  });
});
