import { describe, expect, it } from 'vitest';
import {
  RULES,
  checkAvatar,
  checkBio,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkNickname,
  checkTokenName,
  checkUsername,
} from '../../src/lib/account-rules.ts';
import { createTokenBodySchema } from '../../src/contracts/tokens.ts';
import * as contract from '../../src/contracts/users.ts';

describe('browser account rules', () => {
  it('use the server limits', () => {
    expect(RULES).toEqual({
      usernameMin: contract.USERNAME_MIN,
      usernameMax: contract.USERNAME_MAX,
      emailMax: contract.EMAIL_MAX,
      passwordMin: contract.PASSWORD_MIN,
      passwordMax: contract.PASSWORD_MAX,
      nicknameMax: contract.NICKNAME_MAX,
      bioMax: contract.BIO_MAX,
      avatarMax: contract.AVATAR_URL_MAX,
    });
  });

  const agree = <T>(
    name: string,
    check: (v: string) => unknown,
    schema: { safeParse: (v: unknown) => { success: boolean } },
    samples: T[],
  ) =>
    it.each(samples)(`${name}: %s is judged as the server judges it`, (sample) => {
      expect(check(String(sample)) === null).toBe(schema.safeParse(sample).success);
    });

  agree('username', checkUsername, contract.usernameSchema, [
    'ada',
    'ab',
    'a'.repeat(32),
    'a'.repeat(33),
    'ada_lovelace-1',
    '_ada',
    'ada lovelace',
    '数据',
    '',
  ]);
  it('names the characters, not the length, of a username in Chinese', () => {
    expect(checkUsername('王芳')?.key).toBe('auth:validation.usernameFormat');
    expect(checkUsername('ab')?.key).toBe('auth:validation.usernameLength');
  });
  agree('email', checkEmail, contract.emailSchema, [
    'ada@example.com',
    'ada@example',
    'ada.example.com',
    'a b@example.com',
    '',
  ]);
  agree('password', checkNewPassword, contract.passwordSchema, [
    'short',
    '12345678',
    'x'.repeat(128),
    'x'.repeat(129),
  ]);
  agree('nickname', checkNickname, contract.nicknameSchema, [
    'Ada',
    '  ',
    '数'.repeat(50),
    '数'.repeat(51),
    '\u200b',
    ' \u200d\ufeff ',
    'a\u200bb',
    'a\u202eb',
    '\u2066Ada\u2069',
    '\u00ad',
    '\ufe0f ',
    '👨\u200d👩\u200d👧',
  ]);
  it('says why a nickname is refused', () => {
    expect(checkNickname('\u200b')?.key).toBe('auth:validation.required');
    expect(checkNickname('\u00ad\ufe0f')?.key).toBe('auth:validation.required');
    expect(checkNickname('a\u202eb')?.key).toBe('auth:validation.nicknameCharacters');
  });
  agree('token name', checkTokenName, createTokenBodySchema.shape.name, [
    'nightly job',
    '',
    '  ',
    '\u200b',
    '\ufeff',
    '\u00ad',
    '\ufe0f\u200d ',
    'ci\u200bbot',
    '👨\u200d👩\u200d👧',
    'a\u202eb',
    '\u2066ci\u2069',
  ]);
  it('says why a token name is refused', () => {
    expect(checkTokenName('\u200b\u2060')?.key).toBe('auth:tokens.nameRequired');
    expect(checkTokenName('a\u202eb')?.key).toBe('auth:tokens.nameCharacters');
  });
  agree('bio', checkBio, contract.bioSchema, ['', 'Hello', 'x'.repeat(500), 'x'.repeat(501)]);
  agree('avatar', checkAvatar, contract.avatarSchema, [
    '',
    'https://example.com/a.png',
    'http://example.com/a.png',
    'ftp://example.com/a.png',
    'not a url',
    'javascript:alert(1)',
  ]);

  it('asks for the same password twice', () => {
    expect(checkConfirmation('secret-1', 'secret-1')).toBeNull();
    expect(checkConfirmation('secret-1', 'secret-2')?.key).toBe('auth:validation.passwordMismatch');
    expect(checkConfirmation('secret-1', '')?.key).toBe('auth:validation.required');
  });
});
