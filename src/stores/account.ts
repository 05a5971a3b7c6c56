/**
 * The signed-in user's own account, as the profile page changes it: profile fields, password,
 * deletion. Each action talks to the API and keeps the auth store in step; failures reject with
 * the ApiError (the page shows it).
 */
import * as usersApi from '../lib/api/users.ts';
import type { ProfileUpdate, User } from '../lib/api/types.ts';
import { clearAuth, setSession, updateUser } from './auth.ts';

/** Saves nickname, avatar and bio; the signed-in user in the store becomes the answer. */
export async function saveProfile(update: ProfileUpdate): Promise<User> {
  const user = await usersApi.updateMe(update);
  updateUser(user);
  return user;
}

/**
 * Changes the password. The server ends every session of the account and answers a fresh one
 * for this browser, which replaces the old token here.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  setSession(await usersApi.changePassword({ currentPassword, newPassword }));
}

/** What deleting the account would delete and keep (shown before the password is asked). */
export const accountDeletion = () => usersApi.accountDeletion();

/** Deletes the account, confirmed with the password, and signs out here. */
export async function deleteAccount(password: string): Promise<void> {
  await usersApi.deleteAccount(password);
  clearAuth();
}
