// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { nodeOrigin, pageAddress, serverPagesSite } from '../../src/lib/site-origin.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

const onStaticHost = () => {
  document.head.innerHTML = '<meta name="sheaf-origin" content="https://app.example/">';
};

describe('pageAddress', () => {
  it('leaves paths alone on pages Sheaf serves itself', () => {
    expect(nodeOrigin()).toBeNull();
    expect(pageAddress('/datasets/7', true)).toBe('/datasets/7');
  });

  it("sends a static host's visitor to the origin, through its sign-in hand-off when signed in", () => {
    onStaticHost();
    expect(nodeOrigin()).toBe('https://app.example');
    expect(pageAddress('/en-US?x=1', false)).toBe('https://app.example/en-US?x=1');
    expect(pageAddress('/en-US/profile?tab=a', true)).toBe(
      'https://app.example/en-US/auth/callback?continue=%2Fen-US%2Fprofile%3Ftab%3Da',
    );
    expect(pageAddress('/', true)).toBe('https://app.example/auth/callback?continue=%2F');
    expect(pageAddress('https://provider.example/authorize', true)).toBe(
      'https://provider.example/authorize',
    );
  });
});

describe('serverPagesSite', () => {
  const site = new URL('https://sheaf.example');
  it("names this server's own address when a static host serves the prerendered pages", () => {
    const sheaf = { originUrl: 'https://app.sheaf.example', siteUrl: 'https://sheaf.example' };
    expect(serverPagesSite(sheaf, site).href).toBe('https://app.sheaf.example/');
  });

  it("names the build's site, else the server's PUBLIC_SITE_URL, without one", () => {
    const sheaf = { originUrl: undefined, siteUrl: 'http://localhost:8097' };
    expect(serverPagesSite(sheaf, site).href).toBe('https://sheaf.example/');
    expect(serverPagesSite(sheaf, undefined).href).toBe('http://localhost:8097/');
  });
});
