// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { MetadataFields } from '../../src/islands/datasets/MetadataFields.tsx';
import { EMPTY_METADATA } from '../../src/islands/datasets/metadata.ts';
import { lengthHint, problemText } from '../../src/islands/form/fields.ts';

const hintOf = (html: string, id: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.querySelector(`#${id}-hint`)?.textContent;
};

/**
 * A text field's counter writes its numbers as the page writes every other number (the dataset
 * card's "65,536 bytes"): grouped by the page's locale, not "1234 / 5000".
 */
describe.each(['zh-CN', 'en-US'] as const satisfies readonly Locale[])(
  'length counters in %s',
  (locale) => {
    const t = getT(locale);

    it("groups the count and the limit by the page's locale, trimmed, by character", () => {
      expect(lengthHint(t, '', 5000)).toBe('0 / 5,000');
      expect(lengthHint(t, ` ${'数'.repeat(1234)}\n`, 5000)).toBe('1,234 / 5,000');
      expect(lengthHint(t, '😀😀', 100)).toBe('2 / 100');
    });

    it("writes a refused field's limit as the counter does", () => {
      const text = problemText(t, { key: 'datasets:rules.readmeTooLong', vars: { max: 65536 } });
      expect(text).toContain('65,536');
      expect(text).not.toContain('65536');
      expect(problemText(t, { key: 'datasets:rules.nameRequired' })).toBe(
        t('datasets:rules.nameRequired'),
      );
    });

    it("shows the description's counter grouped on the dataset form", () => {
      const html = renderToStaticMarkup(
        <MetadataFields
          idPrefix="dataset"
          values={{ ...EMPTY_METADATA, name: 'Rain', description: 'x'.repeat(1234) }}
          problems={{}}
          onChange={() => undefined}
          t={t}
        />,
      );
      expect(hintOf(html, 'dataset-description')).toBe('1,234 / 5,000');
      expect(hintOf(html, 'dataset-name')).toBe('4 / 100');
    });
  },
);
