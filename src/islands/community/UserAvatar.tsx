import { useState } from 'react';
import type { PublicUser } from '../../lib/api/types.ts';

const SIZES = { sm: 'h-8 w-8 text-sm', md: 'h-12 w-12 text-xl' } as const;

/**
 * A user's picture, or the first letter of their name when they have none (or it fails to
 * load). Decorative: their name is always written next to it.
 */
export function UserAvatar({
  user,
  size,
}: {
  user: Pick<PublicUser, 'nickname' | 'username' | 'avatar'>;
  size: keyof typeof SIZES;
}) {
  const [broken, setBroken] = useState(false);
  const name = user.nickname || user.username;
  const box = `${SIZES[size]} shrink-0 rounded-full`;
  if (user.avatar && !broken) {
    return (
      <img
        src={user.avatar}
        alt=""
        className={`${box} border border-line object-cover`}
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex items-center justify-center bg-brand-100 font-bold text-brand-800`}
    >
      {[...name][0]?.toUpperCase() ?? '?'}
    </span>
  );
}
