import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import { ApiError, networkError } from '../../src/lib/api/errors.ts';
import { failureText } from '../../src/lib/error-text.ts';

describe('error messages by code', () => {
  it('speaks the page language for a server error, with the wait filled in', () => {
    const zh = getT('zh-CN');
    const taken = new ApiError('E-mail is already registered', {
      status: 409,
      code: 'EMAIL_TAKEN',
    });
    expect(failureText(taken, zh)).toBe('该邮箱已被注册。');
    const limited = new ApiError('Too many attempts, try again in 895 seconds', {
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfter: 895 },
    });
    expect(failureText(limited, zh)).toBe('尝试次数过多，请 895 秒后再试。');
    expect(failureText(limited, getT('en-US'))).toBe(
      'Too many attempts. Please try again in 895 seconds.',
    );
  });

  it('writes the wait and the cap as the page groups numbers, and an HTTP status as it is', () => {
    const limited = new ApiError('Too many attempts', {
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfter: 3600 },
    });
    expect(failureText(limited, getT('zh-CN'))).toBe('尝试次数过多，请 3,600 秒后再试。');
    expect(failureText(limited, getT('en-US'))).toBe(
      'Too many attempts. Please try again in 3,600 seconds.',
    );
    const full = new ApiError('At most 1000 tokens', {
      status: 409,
      code: 'TOKEN_LIMIT_REACHED',
      details: { limit: 1000 },
    });
    expect(failureText(full, getT('en-US'))).toContain('(1,000)');
    const failed = new ApiError('HTTP 503', { status: 503, code: 'HTTP_ERROR' });
    expect(failureText(failed, getT('zh-CN'))).toBe('服务器返回了错误（503）。');
  });

  it('names the key and its row pairs of a refused compare, in both languages', () => {
    const refused = new ApiError('"grp" repeats too often', {
      status: 400,
      code: 'COMPARE_TOO_LARGE',
      details: { key: '城市', pairs: 900000000, limit: 10000000 },
    });
    expect(failureText(refused, getT('zh-CN'))).toBe(
      '“城市”的值重复太多，无法按它比较：重复的值会配出 900,000,000 对行。请选择取值唯一的列，或不按键比较。',
    );
    expect(failureText(refused, getT('en-US'))).toContain(
      '“城市” repeats too often to compare by: its repeated values would pair 900,000,000 rows.',
    );
    const busy = new ApiError('busy', {
      status: 503,
      code: 'SERVER_BUSY',
      details: { kind: 'table', retryAfter: 5 },
    });
    expect(failureText(busy, getT('en-US'))).toBe(
      'The server is busy with other requests like this one. Please try again in 5 seconds.',
    );
  });

  it('keeps the spec’s default login failure text for wrong credentials', () => {
    const wrong = new ApiError('Invalid username, e-mail or password', {
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(failureText(wrong, getT('zh-CN'))).toBe('登录失败，请检查用户名和密码');
  });

  it('falls back to the server message for an unknown code, and names network failures', () => {
    const odd = new ApiError('Something new', { status: 400, code: 'SOMETHING_NEW' });
    expect(failureText(odd, getT('zh-CN'))).toBe('Something new');
    expect(failureText(networkError(), getT('zh-CN'))).toBe('网络错误，请检查网络连接后重试。');
    expect(failureText('not an error', getT('zh-CN'))).toBeNull();
  });
});
