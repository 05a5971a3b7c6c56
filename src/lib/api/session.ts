/**
 * The client's window onto the signed-in session. The auth store registers itself here
 * (`registerSession`), and the API client reads the token through `currentSession()`, so the
 * client never imports the store and the dependency stays one-way: store → api → session.
 */

export type SessionAccess = {
  /** The current access token, or null when signed out. */
  token(): string | null;
  /** When the access token expires (epoch ms), or null if unknown. */
  expiresAt(): number | null;
  /** Refreshes the access token (single-flight); rejects on failure. */
  refresh(): Promise<unknown>;
  /** Clears all auth state (a 401 on an authenticated call, a failed pre-request refresh). */
  clear(): void;
};

const signedOut: SessionAccess = {
  token: () => null,
  expiresAt: () => null,
  refresh: () => Promise.reject(new Error('No session registered')),
  clear: () => {},
};

let access: SessionAccess = signedOut;

/** Called once by the auth store. */
export function registerSession(session: SessionAccess): void {
  access = session;
}

export function currentSession(): SessionAccess {
  return access;
}
