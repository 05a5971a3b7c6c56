import type { PublicUser } from '../../../contracts/users.ts';

/** Stands in for an owner whose account is gone. */
export const UNKNOWN_OWNER: PublicUser = {
  id: 0,
  username: 'unknown',
  nickname: 'Unknown User',
  avatar: '',
  bio: '',
  is_verified: false,
  created_at: new Date(0).toISOString(),
  last_login_at: null,
};
