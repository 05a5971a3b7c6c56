import { z } from 'zod';
import { errorMessage } from '../../contracts/narrowing.ts';

/**
 * OAuth2 / OpenID Connect providers, read from the OAUTH_PROVIDERS setting (a JSON array).
 * See docs/oauth.md for examples.
 */
export type OAuthProvider = {
  id: string;
  name: string;
  clientId: string;
  clientSecret: string | undefined;
  scopes: string[];
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post' | 'none';
  /** http:// is only accepted for loopback hosts (local development and tests). */
  allowHttp: boolean;
  endpoints:
    | { kind: 'oidc'; issuer: string }
    | {
        kind: 'oauth2';
        authorizationEndpoint: string;
        tokenEndpoint: string;
        userinfoEndpoint: string;
        /** GitHub-style list of `{ email, primary, verified }` for the signed-in user. */
        emailsEndpoint: string | undefined;
      };
};

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

function isAllowedUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && LOOPBACK.test(url.hostname);
  } catch {
    return false;
  }
}

const endpoint = z
  .string()
  .refine(isAllowedUrl, 'must be an https:// URL (http:// only for localhost or 127.0.0.1)');

const providerSchema = z
  .strictObject({
    id: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9_-]{0,31}$/,
        'must be 1–32 lowercase letters, digits, "_" or "-" (it appears in URLs)',
      ),
    name: z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters'),
    client_id: z.string().min(1, 'must not be empty'),
    client_secret: z.string().min(1, 'must not be empty').optional(),
    scopes: z
      .union([z.array(z.string().regex(/^\S+$/, 'a scope has no spaces')), z.string()])
      .optional(),
    issuer: endpoint.optional(),
    authorization_endpoint: endpoint.optional(),
    token_endpoint: endpoint.optional(),
    userinfo_endpoint: endpoint.optional(),
    emails_endpoint: endpoint.optional(),
    token_endpoint_auth_method: z
      .enum(['client_secret_basic', 'client_secret_post', 'none'])
      .optional(),
  })
  .superRefine((p, check) => {
    const explicit = ['authorization_endpoint', 'token_endpoint', 'userinfo_endpoint'] as const;
    const given = explicit.filter((k) => p[k] !== undefined);
    if (p.issuer !== undefined) {
      for (const k of [...given, ...(p.emails_endpoint ? (['emails_endpoint'] as const) : [])]) {
        check.addIssue({
          code: 'custom',
          path: [k],
          message: 'give either issuer (OpenID Connect discovery) or explicit endpoints, not both',
        });
      }
    } else {
      for (const k of explicit) {
        if (p[k] === undefined) {
          check.addIssue({
            code: 'custom',
            path: [k],
            message: 'required when no issuer is given',
          });
        }
      }
    }
    const method = p.token_endpoint_auth_method;
    if (method && method !== 'none' && !p.client_secret) {
      check.addIssue({
        code: 'custom',
        path: ['client_secret'],
        message: `required for token_endpoint_auth_method ${method}`,
      });
    }
  });

const providersSchema = z.array(providerSchema).superRefine((list, check) => {
  const seen = new Set<string>();
  list.forEach((p, index) => {
    if (seen.has(p.id)) {
      check.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate id "${p.id}"` });
    }
    seen.add(p.id);
  });
});

type ProviderInput = z.infer<typeof providerSchema>;

function toProvider(p: ProviderInput): OAuthProvider {
  const scopes =
    typeof p.scopes === 'string' ? p.scopes.split(/\s+/).filter(Boolean) : (p.scopes ?? []);
  const urls = [p.issuer, p.authorization_endpoint, p.token_endpoint, p.userinfo_endpoint];
  const common = {
    id: p.id,
    name: p.name,
    clientId: p.client_id,
    clientSecret: p.client_secret,
    tokenEndpointAuthMethod:
      p.token_endpoint_auth_method ?? (p.client_secret ? 'client_secret_basic' : 'none'),
    allowHttp: urls.some((u) => u?.startsWith('http:')),
  } as const;
  if (p.issuer !== undefined) {
    return {
      ...common,
      scopes: scopes.length > 0 ? scopes : ['openid', 'profile', 'email'],
      endpoints: { kind: 'oidc', issuer: p.issuer },
    };
  }
  return {
    ...common,
    scopes,
    endpoints: {
      kind: 'oauth2',
      // The refinement above guarantees all three.
      authorizationEndpoint: p.authorization_endpoint ?? '',
      tokenEndpoint: p.token_endpoint ?? '',
      userinfoEndpoint: p.userinfo_endpoint ?? '',
      emailsEndpoint: p.emails_endpoint,
    },
  };
}

export type ParsedProviders =
  { ok: true; providers: OAuthProvider[] } | { ok: false; issues: string[] };

/**
 * Parses and validates OAUTH_PROVIDERS. Unset or blank means no providers. Every problem is
 * reported as `OAUTH_PROVIDERS[i].field: message`.
 */
export function parseOAuthProviders(json: string | undefined): ParsedProviders {
  if (json === undefined || json.trim() === '') return { ok: true, providers: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    return {
      ok: false,
      issues: [`OAUTH_PROVIDERS: not valid JSON (${errorMessage(err)})`],
    };
  }
  const parsed = providersSchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => {
        const [index, ...rest] = issue.path;
        const where =
          index === undefined
            ? 'OAUTH_PROVIDERS'
            : `OAUTH_PROVIDERS[${String(index)}]${rest.map((k) => `.${String(k)}`).join('')}`;
        const message =
          issue.code === 'invalid_type' && issue.path.length === 0
            ? 'must be a JSON array of providers'
            : issue.code === 'invalid_type' && /received undefined$/.test(issue.message)
              ? 'is required'
              : issue.code === 'unrecognized_keys'
                ? `unknown setting ${issue.keys.map((k) => `"${k}"`).join(', ')}`
                : issue.message;
        return `${where}: ${message}`;
      }),
    };
  }
  return { ok: true, providers: parsed.data.map(toProvider) };
}
