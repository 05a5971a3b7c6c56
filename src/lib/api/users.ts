/**
 * Users calls, one function each: the signed-in user's own account (getMe, updateMe,
 * changePassword, deleteAccount) and anyone's public data (getUser, getProfile — cached for
 * 5 minutes — and searchUsers).
 */
import { cachedUser, invalidateUser } from '../cache.ts';
import { apiRequest } from './client.ts';
import type {
  AccountDeletion,
  AuthSession,
  PasswordChange,
  ProfileUpdate,
  PublicUser,
  User,
  UserPage,
  UserProfile,
  UserSearch,
} from './types.ts';

/** GET /users/me. */
export async function getMe(): Promise<User> {
  const { user } = await apiRequest<{ user: User }>('/users/me', { auth: 'required' });
  return user;
}

/** PUT /users/me with nickname, avatar, bio; returns the updated user. */
export async function updateMe(update: ProfileUpdate): Promise<User> {
  const { user } = await apiRequest<{ user: User }>('/users/me', {
    method: 'PUT',
    body: update,
    auth: 'required',
  });
  invalidateUser(user.id);
  return user;
}

/**
 * PUT /users/me/password. The server signs out the account's other sessions and answers a fresh
 * session for this one (pass it to the auth store's `setSession`).
 */
export function changePassword(change: PasswordChange): Promise<AuthSession> {
  return apiRequest<AuthSession>('/users/me/password', {
    method: 'PUT',
    body: change,
    auth: 'required',
  });
}

/** DELETE /users/me, confirmed with the password. */
export async function deleteAccount(password: string): Promise<void> {
  await apiRequest<unknown>('/users/me', {
    method: 'DELETE',
    body: { password },
    auth: 'required',
  });
}

/** GET /users/me/deletion: what deleting the account would delete and keep. */
export function accountDeletion(): Promise<AccountDeletion> {
  return apiRequest<AccountDeletion>('/users/me/deletion', { auth: 'required' });
}

/**
 * GET /users/{id} (cached).
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export function getUser(id: number): Promise<PublicUser> {
  return cachedUser(id, 'user', async () => {
    const { user } = await apiRequest<{ user: PublicUser }>(`/users/${id}`);
    return user;
  });
}

/** GET /users/{id}/profile (cached; following or unfollowing the user drops it). */
export function getProfile(id: number): Promise<UserProfile> {
  return cachedUser(id, 'profile', () => apiRequest<UserProfile>(`/users/${id}/profile`));
}

/**
 * GET /users with query, offset, limit.
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export function searchUsers(search: UserSearch = {}): Promise<UserPage> {
  return apiRequest<UserPage>('/users', { query: search });
}
