import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import { ApiError } from '../../src/lib/api/errors.ts';
import { fieldProblems, formFailureText } from '../../src/lib/form-errors.ts';

const FIELDS = { username: 'username', email: 'email' } as const;

/** The server's 409 for a sign-up (src/server/services/accounts.ts). */
const taken = (...fields: ('username' | 'email')[]) => {
  const details = fields.map((field) =>
    field === 'username'
      ? { field, message: 'Username is already taken', code: 'USERNAME_TAKEN' }
      : { field, message: 'E-mail is already registered', code: 'EMAIL_TAKEN' },
  );
  const first = details[0]!;
  return new ApiError(first.message, { status: 409, code: first.code, details });
};

describe.each([
  ['zh-CN', '该用户名已被使用。该邮箱已被注册。'],
  ['en-US', 'This username is already taken. This e-mail address is already registered.'],
] as const)('a refused sign-up in %s', (locale, both) => {
  const t = getT(locale);

  it('names both taken fields above the form, and each under its own', () => {
    const error = taken('username', 'email');
    expect(formFailureText(error, t)).toBe(both);
    expect(fieldProblems(error, t, FIELDS)).toEqual({
      username: { text: t('errors:USERNAME_TAKEN') },
      email: { text: t('errors:EMAIL_TAKEN') },
    });
  });

  it('says the one taken field above the form when only one is', () => {
    expect(formFailureText(taken('email'), t)).toBe(t('errors:EMAIL_TAKEN'));
    expect(formFailureText(taken('username'), t)).toBe(t('errors:USERNAME_TAKEN'));
  });

  it("keeps the call's own message for a refusal whose fields have no codes of their own", () => {
    const error = new ApiError('Validation failed', {
      status: 400,
      code: 'VALIDATION_ERROR',
      details: [
        { field: 'username', message: 'too short' },
        { field: 'email', message: 'not an e-mail' },
      ],
    });
    expect(formFailureText(error, t)).toBe(t('errors:VALIDATION_ERROR'));
  });
});
