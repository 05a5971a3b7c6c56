import { describe, expect, it } from 'vitest';
import { columnDescriptionsSchema } from '../../src/contracts/column-descriptions.ts';
import { COLUMN_DESCRIPTION_MAX } from '../../src/contracts/limits.ts';
import { getT } from '../../src/i18n/index.ts';
import {
  descriptionProblems,
  descriptionsFromFile,
} from '../../src/islands/datasets/column-descriptions.ts';
import { problemText } from '../../src/islands/form/fields.ts';
import { ApiError } from '../../src/lib/api/errors.ts';
import { formFailureText } from '../../src/lib/form-errors.ts';

const COLUMNS = ['year', 'a/b', 'city'];

/**
 * The server's 400 for a PUT whose descriptions it refuses, its details as the API writes them
 * (`column_descriptions.<name>`, a `/` of the name as `.`), the messages the rule's own.
 */
function refused(given: Record<string, string>, extra: { field: string; message: string }[] = []) {
  const issues = columnDescriptionsSchema.safeParse(given).error?.issues ?? [];
  const details = [
    ...issues.map((issue) => ({
      field: ['column_descriptions', ...issue.path.map(String)].join('.').replaceAll('/', '.'),
      message: issue.message,
    })),
    ...extra,
  ];
  return new ApiError(`Invalid ${details[0]?.field}`, {
    status: 400,
    code: 'VALIDATION_ERROR',
    details,
  });
}

describe.each(['zh-CN', 'en-US'] as const)('the server refusing descriptions in %s', (locale) => {
  const t = getT(locale);
  const long = 'x'.repeat(COLUMN_DESCRIPTION_MAX + 1);
  const tooLong = t('datasets:rules.columnDescriptionTooLong', { max: COLUMN_DESCRIPTION_MAX });

  it("says a too long description under its column's box, in the page's language", () => {
    const error = refused({ year: 'ok', 'a/b': long, city: long });
    const problems = descriptionProblems(error, t, COLUMNS);
    expect(Object.keys(problems).sort()).toEqual(['c1', 'c2']);
    expect(problemText(t, problems['c1'])).toBe(tooLong);
    expect(problemText(t, problems['c2'])).toBe(tooLong);
    expect(formFailureText(error, t)).toBe(t('errors:VALIDATION_ERROR'));
  });

  it("keeps the server's words for a refusal the form has no text for", () => {
    const odd = { field: 'column_descriptions.year', message: 'Something else' };
    const many = { field: 'column_descriptions', message: 'At most 2 columns may be described' };
    const problems = descriptionProblems(refused({}, [odd, many]), t, COLUMNS);
    expect(problems).toEqual({ c0: { text: 'Something else' } });
  });
});

describe('a columns file chosen in the create form', () => {
  it('fills the named columns, leaves out the others, and names those too long', () => {
    const long = 'x'.repeat(COLUMN_DESCRIPTION_MAX + 1);
    // As JSON.parse reads a file: `__proto__` is a key like any other, and a column name.
    const fromFile = JSON.parse(
      JSON.stringify({ ' year ': 'The year', city: long, 省: 'Province', note: '  ' }).replace(
        '{',
        '{"__proto__":"Not a prototype",',
      ),
    ) as Record<string, string>;
    const found = descriptionsFromFile(['year', '__proto__', 'city'], fromFile);
    expect(found.written).toEqual(
      JSON.parse(`{"__proto__":"Not a prototype","year":"The year","city":"${long}"}`),
    );
    expect(Object.getPrototypeOf(found.written)).toBe(Object.prototype);
    expect(found.filled).toEqual(['__proto__', 'year', 'city']);
    expect(found.unknown).toEqual(['省', 'note']);
    expect(found.tooLong).toEqual(['city']);
  });
});
