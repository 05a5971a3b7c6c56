/**
 * The account field rules as the browser checks them before sending a form: the same limits as
 * the server's (src/contracts/users.ts, kept equal by tests/unit/account-rules.test.ts) without
 * pulling zod into island bundles. Each check answers null or the `auth:` message key to show.
 */
import type { MessageKey } from '../i18n/index.ts';
import { chars } from '../contracts/limits.ts';
import { directionControlIn, isBlank } from './visible-text.ts';

export const RULES = {
  usernameMin: 3,
  usernameMax: 32,
  emailMax: 254,
  passwordMin: 8,
  passwordMax: 128,
  nicknameMax: 50,
  bioMax: 500,
  avatarMax: 2048,
} as const;

export type RuleError = { key: MessageKey; vars?: Record<string, number> };

export function checkUsername(value: string): RuleError | null {
  const v = value.trim();
  if (!v) return { key: 'auth:validation.required' };
  // Characters first: '王芳' is refused for its characters, not for being short.
  if (/[^A-Za-z0-9_-]/.test(v)) return { key: 'auth:validation.usernameFormat' };
  if (chars(v) < RULES.usernameMin || chars(v) > RULES.usernameMax) {
    return {
      key: 'auth:validation.usernameLength',
      vars: { min: RULES.usernameMin, max: RULES.usernameMax },
    };
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(v)) return { key: 'auth:validation.usernameFormat' };
  return null;
}

export function checkEmail(value: string): RuleError | null {
  const v = value.trim();
  if (!v) return { key: 'auth:validation.required' };
  if (v.length > RULES.emailMax || !/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(v)) {
    return { key: 'auth:validation.email' };
  }
  return null;
}

/** A new password (register, change password). */
export function checkNewPassword(value: string): RuleError | null {
  if (!value) return { key: 'auth:validation.required' };
  if (value.length < RULES.passwordMin) {
    return { key: 'auth:validation.passwordLength', vars: { min: RULES.passwordMin } };
  }
  if (value.length > RULES.passwordMax) {
    return { key: 'auth:validation.passwordTooLong', vars: { max: RULES.passwordMax } };
  }
  return null;
}

export function checkConfirmation(password: string, confirmation: string): RuleError | null {
  if (!confirmation) return { key: 'auth:validation.required' };
  return password === confirmation ? null : { key: 'auth:validation.passwordMismatch' };
}

export function checkRequired(value: string): RuleError | null {
  return value.trim() ? null : { key: 'auth:validation.required' };
}

export function checkNickname(value: string): RuleError | null {
  const v = value.trim();
  if (isBlank(v)) return { key: 'auth:validation.required' };
  if (chars(v) > RULES.nicknameMax) {
    return { key: 'auth:validation.nicknameLength', vars: { max: RULES.nicknameMax } };
  }
  if (directionControlIn(v)) return { key: 'auth:validation.nicknameCharacters' };
  return null;
}

/** A token's name (the tokens panel): like a nickname, it must show something and read as written. */
export function checkTokenName(value: string): RuleError | null {
  if (isBlank(value.trim())) return { key: 'auth:tokens.nameRequired' };
  if (directionControlIn(value)) return { key: 'auth:tokens.nameCharacters' };
  return null;
}

export function checkBio(value: string): RuleError | null {
  return chars(value.trim()) > RULES.bioMax
    ? { key: 'auth:validation.bioLength', vars: { max: RULES.bioMax } }
    : null;
}

/** An avatar address: empty, or an http(s) URL. */
export function isAvatarUrl(value: string): boolean {
  const v = value.trim();
  if (v === '') return true;
  if (v.length > RULES.avatarMax || /\s/.test(v)) return false;
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function checkAvatar(value: string): RuleError | null {
  return isAvatarUrl(value) ? null : { key: 'auth:validation.avatarUrl' };
}
