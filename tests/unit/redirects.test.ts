import { describe, expect, it } from 'vitest';
import { afterSignIn, loginUrl, safeRedirect } from '../../src/lib/redirects.ts';

describe('safeRedirect', () => {
  it.each(['/profile', '/en-US/datasets/my?page=2', '/datasets/7#versions', '/'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    'https://evil.example/',
    '//evil.example/profile',
    '/\\evil.example',
    'javascript:alert(1)',
    'profile',
    '',
    null,
    undefined,
    '/a\nb',
  ])('refuses %s', (value) => {
    expect(safeRedirect(value)).toBeNull();
  });

  it('keeps encoded characters inside the path, where they cannot leave the site', () => {
    expect(safeRedirect('/%0d%0a//evil.example')).toBe('/%0d%0a//evil.example');
  });

  it('does not go back to the sign-in or sign-up pages', () => {
    expect(safeRedirect('/auth/login')).toBeNull();
    expect(safeRedirect('/en-US/auth/register?x=1')).toBeNull();
    expect(safeRedirect('/auth/login/')).toBeNull();
  });
});

describe('loginUrl and afterSignIn', () => {
  it('remembers where a guest came from, in the page locale', () => {
    expect(loginUrl('zh-CN', '/profile')).toBe('/auth/login?redirect=%2Fprofile');
    expect(loginUrl('en-US', '/en-US/datasets/my?page=2')).toBe(
      '/en-US/auth/login?redirect=%2Fen-US%2Fdatasets%2Fmy%3Fpage%3D2',
    );
    expect(loginUrl('en-US', 'https://evil.example/')).toBe('/en-US/auth/login');
  });

  it('goes back to the remembered path, else to the home page of the locale', () => {
    expect(afterSignIn('?redirect=%2Fprofile', 'zh-CN')).toBe('/profile');
    expect(afterSignIn('', 'zh-CN')).toBe('/');
    expect(afterSignIn('', 'en-US')).toBe('/en-US');
    expect(afterSignIn('?redirect=https%3A%2F%2Fevil.example', 'en-US')).toBe('/en-US');
    expect(afterSignIn('?redirect=%2F%2Fevil.example', 'zh-CN')).toBe('/');
  });

  it('goes back to the remembered page in the language the sign-in page was switched to', () => {
    expect(afterSignIn('?redirect=%2Fprofile', 'en-US')).toBe('/en-US/profile');
    expect(afterSignIn('?redirect=%2Fdatasets%2Fmy%3Fpage%3D2', 'en-US')).toBe(
      '/en-US/datasets/my?page=2',
    );
    expect(afterSignIn('?redirect=%2Fen-US%2Fcollections%23top', 'zh-CN')).toBe('/collections#top');
    expect(afterSignIn('?redirect=%2Fen-US', 'zh-CN')).toBe('/');
  });
});
