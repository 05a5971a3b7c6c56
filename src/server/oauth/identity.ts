import { AppError } from '../errors.ts';
import { isRecord } from '../../contracts/narrowing.ts';

/** Who signed in at the provider, in the provider-neutral shape the accounts need. */
export type OAuthIdentity = {
  /** The provider's stable user id (OIDC `sub`, GitHub `id`). */
  subject: string;
  /** Preferred username (OIDC `preferred_username`, GitHub `login`). */
  username: string | undefined;
  /** Display name. */
  name: string | undefined;
  email: string | undefined;
  /** Only true when the provider vouches for the address. */
  emailVerified: boolean;
  avatar: string | undefined;
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Reads an identity from OIDC claims (ID token and userinfo) or from a GitHub-style user
 * object (`id`, `login`, `name`, `email`, `avatar_url`).
 */
export function identityFromClaims(raw: unknown): OAuthIdentity {
  const claims = isRecord(raw) ? raw : {};
  const id = claims['sub'] ?? claims['id'];
  const subject = typeof id === 'number' && Number.isFinite(id) ? String(id) : text(id);
  if (!subject) {
    throw new AppError(
      502,
      'OAUTH_PROVIDER_UNAVAILABLE',
      'The provider did not say which account signed in',
    );
  }
  const verified = claims['email_verified'];
  return {
    subject,
    username: text(claims['preferred_username']) ?? text(claims['login']),
    name: text(claims['name']) ?? text(claims['nickname']),
    email: text(claims['email']),
    emailVerified: verified === true || verified === 'true',
    avatar: text(claims['picture']) ?? text(claims['avatar_url']),
  };
}

type EmailEntry = { email?: unknown; primary?: unknown; verified?: unknown };

/**
 * Picks the address from a GitHub-style `[{ email, primary, verified }]` list: the primary
 * one if verified, else any verified one, else the primary one (unverified).
 */
export function pickEmail(
  list: unknown,
  fallback: Pick<OAuthIdentity, 'email' | 'emailVerified'>,
): Pick<OAuthIdentity, 'email' | 'emailVerified'> {
  if (!Array.isArray(list)) return fallback;
  const entries = (list as EmailEntry[]).filter(
    (e): e is EmailEntry & { email: string } => typeof e?.email === 'string' && e.email !== '',
  );
  const chosen =
    entries.find((e) => e.primary === true && e.verified === true) ??
    entries.find((e) => e.verified === true) ??
    entries.find((e) => e.primary === true);
  if (!chosen) return fallback;
  return { email: chosen.email, emailVerified: chosen.verified === true };
}
