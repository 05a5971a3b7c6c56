import { describe, expect, it } from 'vitest';
import { ConfigError, getConfig } from '../../src/server/config.ts';
import { identityFromClaims, pickEmail } from '../../src/server/oauth/identity.ts';
import { callbackUrls, checkRedirectUri } from '../../src/server/oauth/redirect.ts';
import { sanitizeUsername, usernameBase } from '../../src/server/services/oauth.ts';

const configError = (providers: unknown): string => {
  try {
    getConfig({ OAUTH_PROVIDERS: JSON.stringify(providers) });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('OAUTH_PROVIDERS', () => {
  it('means no providers when unset', () => {
    expect(getConfig({}).oauthProviders).toEqual([]);
  });

  it('reads an OpenID Connect issuer with default scopes and basic client auth', () => {
    const [p] = getConfig({
      OAUTH_PROVIDERS: JSON.stringify([
        {
          id: 'corp',
          name: 'Corp SSO',
          issuer: 'https://id.example.com',
          client_id: 'a',
          client_secret: 'b',
        },
      ]),
    }).oauthProviders;
    expect(p).toEqual({
      id: 'corp',
      name: 'Corp SSO',
      clientId: 'a',
      clientSecret: 'b',
      scopes: ['openid', 'profile', 'email'],
      tokenEndpointAuthMethod: 'client_secret_basic',
      allowHttp: false,
      endpoints: { kind: 'oidc', issuer: 'https://id.example.com' },
    });
  });

  it('reads explicit endpoints and space-separated scopes', () => {
    const [p] = getConfig({
      OAUTH_PROVIDERS: JSON.stringify([
        {
          id: 'github',
          name: 'GitHub',
          client_id: 'a',
          client_secret: 'b',
          scopes: 'read:user  user:email',
          token_endpoint_auth_method: 'client_secret_post',
          authorization_endpoint: 'https://github.com/login/oauth/authorize',
          token_endpoint: 'https://github.com/login/oauth/access_token',
          userinfo_endpoint: 'https://api.github.com/user',
          emails_endpoint: 'https://api.github.com/user/emails',
        },
      ]),
    }).oauthProviders;
    expect(p?.scopes).toEqual(['read:user', 'user:email']);
    expect(p?.endpoints).toEqual({
      kind: 'oauth2',
      authorizationEndpoint: 'https://github.com/login/oauth/authorize',
      tokenEndpoint: 'https://github.com/login/oauth/access_token',
      userinfoEndpoint: 'https://api.github.com/user',
      emailsEndpoint: 'https://api.github.com/user/emails',
    });
  });

  it('names each problem with its place in the list', () => {
    expect(() => getConfig({ OAUTH_PROVIDERS: '[{' })).toThrow(/OAUTH_PROVIDERS: not valid JSON/);
    expect(configError({ id: 'x' })).toContain(
      'OAUTH_PROVIDERS: must be a JSON array of providers',
    );
    const message = configError([
      { id: 'Bad Id', name: '', issuer: 'http://id.example.com', client_id: 'a', clientSecret: 1 },
      { id: 'gh', name: 'GitHub', client_id: 'a', authorization_endpoint: 'https://x.test/a' },
      {
        id: 'dup',
        name: 'One',
        issuer: 'https://a.test',
        token_endpoint: 'https://a.test/t',
        client_id: 'a',
      },
      { id: 'dup', name: 'Two', issuer: 'https://b.test', client_id: 'b' },
      {
        id: 'post',
        name: 'Post',
        issuer: 'https://c.test',
        client_id: 'c',
        token_endpoint_auth_method: 'client_secret_post',
      },
    ]);
    expect(message).toContain('OAUTH_PROVIDERS[0].id: must be 1–32 lowercase letters');
    expect(message).toContain('OAUTH_PROVIDERS[0].name: must not be empty');
    expect(message).toContain(
      'OAUTH_PROVIDERS[0].issuer: must be an https:// URL (http:// only for localhost or 127.0.0.1)',
    );
    expect(message).toContain('OAUTH_PROVIDERS[0]: unknown setting "clientSecret"');
    expect(message).toContain(
      'OAUTH_PROVIDERS[1].token_endpoint: required when no issuer is given',
    );
    expect(message).toContain(
      'OAUTH_PROVIDERS[1].userinfo_endpoint: required when no issuer is given',
    );
    expect(message).toContain(
      'OAUTH_PROVIDERS[2].token_endpoint: give either issuer (OpenID Connect discovery) or explicit endpoints, not both',
    );
    expect(message).toContain('OAUTH_PROVIDERS[3].id: duplicate id "dup"');
    expect(message).toContain(
      'OAUTH_PROVIDERS[4].client_secret: required for token_endpoint_auth_method client_secret_post',
    );
    expect(configError([{ id: 'x', name: 'X', issuer: 'https://x.test' }])).toContain(
      'OAUTH_PROVIDERS[0].client_id: is required',
    );
  });

  it('allows http:// only on loopback hosts', () => {
    const [p] = getConfig({
      OAUTH_PROVIDERS: JSON.stringify([
        { id: 'dev', name: 'Dev', issuer: 'http://127.0.0.1:9000', client_id: 'a' },
      ]),
    }).oauthProviders;
    expect(p).toMatchObject({ allowHttp: true, tokenEndpointAuthMethod: 'none' });
  });
});

describe('redirect URIs', () => {
  it('are the callback page in each language, with the provider in the query', () => {
    expect(callbackUrls('https://sheaf.example', 'github')).toEqual([
      'https://sheaf.example/auth/callback?provider=github',
      'https://sheaf.example/en-US/auth/callback?provider=github',
    ]);
    expect(
      checkRedirectUri(
        'https://sheaf.example',
        'github',
        'https://sheaf.example/en-US/auth/callback?provider=github',
      ),
    ).toBe('https://sheaf.example/en-US/auth/callback?provider=github');
    expect(() =>
      checkRedirectUri(
        'https://sheaf.example',
        'github',
        'https://sheaf.example/auth/callback?provider=github&next=https://evil.example',
      ),
    ).toThrow("redirect_uri must be this site's callback for the provider");
  });
});

describe('identity from the provider', () => {
  it('reads OpenID Connect claims and GitHub user objects', () => {
    expect(
      identityFromClaims({
        sub: 'abc',
        preferred_username: 'ada',
        name: ' Ada L. ',
        email: 'ada@example.test',
        email_verified: true,
        picture: 'https://p.test/a.png',
      }),
    ).toEqual({
      subject: 'abc',
      username: 'ada',
      name: 'Ada L.',
      email: 'ada@example.test',
      emailVerified: true,
      avatar: 'https://p.test/a.png',
    });
    expect(identityFromClaims({ id: 42, login: 'octo', name: null, email: 'o@x.test' })).toEqual({
      subject: '42',
      username: 'octo',
      name: undefined,
      email: 'o@x.test',
      emailVerified: false,
      avatar: undefined,
    });
    expect(() => identityFromClaims({ login: 'nobody' })).toThrow(
      'The provider did not say which account signed in',
    );
  });

  it('prefers the verified primary address from an e-mail list', () => {
    const none = { email: undefined, emailVerified: false };
    expect(
      pickEmail(
        [
          { email: 'a@x.test', primary: false, verified: true },
          { email: 'b@x.test', primary: true, verified: true },
        ],
        none,
      ),
    ).toEqual({ email: 'b@x.test', emailVerified: true });
    expect(
      pickEmail(
        [
          { email: 'a@x.test', primary: true, verified: false },
          { email: 'c@x.test', primary: false, verified: true },
        ],
        none,
      ),
    ).toEqual({ email: 'c@x.test', emailVerified: true });
    expect(pickEmail([{ email: 'a@x.test', primary: true, verified: false }], none)).toEqual({
      email: 'a@x.test',
      emailVerified: false,
    });
    expect(pickEmail({ message: 'Bad credentials' }, none)).toBe(none);
  });
});

describe('usernames for new accounts', () => {
  it('keeps allowed characters and starts with a letter or digit', () => {
    expect(sanitizeUsername('Zoë Ångström')).toBe('Zoe-Angstrom');
    expect(sanitizeUsername('__octo.cat__')).toBe('octo-cat');
    expect(sanitizeUsername('x'.repeat(40))).toHaveLength(28);
    expect(sanitizeUsername('张三')).toBe('');
  });

  it('falls back from the preferred username to the e-mail, the name, then "user"', () => {
    expect(usernameBase({ username: 'ada', email: 'x@y.test', name: 'N' })).toBe('ada');
    expect(usernameBase({ username: '张三', email: 'zhang.san@y.test', name: '张三' })).toBe(
      'zhang-san',
    );
    expect(usernameBase({ username: 'ab', email: undefined, name: 'Ada Lovelace' })).toBe(
      'Ada-Lovelace',
    );
    expect(usernameBase({ username: undefined, email: undefined, name: '张三' })).toBe('user');
  });
});
