import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../src/contracts/notifications.ts';
import { getT } from '../../src/i18n/index.ts';
import { notificationLine } from '../../src/islands/notifications/notification-line.ts';
import type { Notification } from '../../src/lib/api/notifications.ts';

// The inbox renders every kind of NOTIFICATION_KINDS with its own line, and any other kind
// with a generic one (docs/notifications.md).

const base: Notification = {
  id: 1,
  kind: 'version.published',
  read: false,
  createdAt: new Date(0).toISOString(),
  actor: {
    id: 7,
    username: 'ada',
    nickname: 'Ada',
    avatar: '',
    bio: '',
    isVerified: false,
    createdAt: new Date(0).toISOString(),
    lastLoginAt: null,
  },
  dataset: { id: 3, name: 'Rivers' },
  version: 4,
  details: { score: 5, discussionId: 9, title: 'Units?' },
};

describe('notification lines', () => {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const t = getT(locale);
    const other = notificationLine({ ...base, kind: 'no.such.kind' }, t, locale);

    it(`${locale}: every kind has its own line, filled in, leading to its dataset`, () => {
      const lines = NOTIFICATION_KINDS.map((kind) =>
        notificationLine({ ...base, kind }, t, locale),
      );
      expect(new Set(lines.map((l) => l.text)).size).toBe(NOTIFICATION_KINDS.length);
      for (const line of lines) {
        expect(line.text).not.toBe(other.text);
        expect(line.text).not.toContain('{{');
        expect(line.text).toContain('Ada');
      }
      const published = lines[NOTIFICATION_KINDS.indexOf('version.published')]!;
      expect(published.text).toContain('Rivers');
      expect(published.text).toContain('4');
      expect(published.href).toBe(
        `${locale === 'en-US' ? '/en-US' : ''}/datasets/3?tab=versions&v=4`,
      );
      const mention = lines[NOTIFICATION_KINDS.indexOf('discussion.mention')]!;
      expect(mention.href).toBe(`${locale === 'en-US' ? '/en-US' : ''}/datasets/3/discussions/9`);
    });

    it(`${locale}: an unknown kind reads as a generic line; a follow leads to the follower`, () => {
      expect(other.text).toContain('Rivers');
      expect(other.text).not.toContain('{{');
      const followed = notificationLine(
        { ...base, kind: 'user.followed', dataset: null },
        t,
        locale,
      );
      expect(followed.href).toBe(locale === 'en-US' ? '/en-US/users/7' : '/users/7');
    });
  }
});
