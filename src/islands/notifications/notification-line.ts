import type { NotificationKind } from '../../contracts/notifications.ts';
import type { MessageKey, T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Notification } from '../../lib/api/notifications.ts';

/** The inbox's line for each kind; a kind not listed here reads as `line.other`. */
const LINES: Record<NotificationKind, MessageKey> = {
  'version.published': 'notifications:line.versionPublished',
  'user.followed': 'notifications:line.userFollowed',
  'dataset.forked': 'notifications:line.datasetForked',
  'dataset.rated': 'notifications:line.datasetRated',
  'discussion.comment': 'notifications:line.discussionComment',
  'discussion.mention': 'notifications:line.discussionMention',
  'proposal.opened': 'notifications:line.proposalOpened',
  'proposal.merged': 'notifications:line.proposalMerged',
  'proposal.closed': 'notifications:line.proposalClosed',
};

/** The settings' name for each kind. */
export const KIND_LABELS: Record<NotificationKind, MessageKey> = {
  'version.published': 'notifications:kind.versionPublished',
  'user.followed': 'notifications:kind.userFollowed',
  'dataset.forked': 'notifications:kind.datasetForked',
  'dataset.rated': 'notifications:kind.datasetRated',
  'discussion.comment': 'notifications:kind.discussionComment',
  'discussion.mention': 'notifications:kind.discussionMention',
  'proposal.opened': 'notifications:kind.proposalOpened',
  'proposal.merged': 'notifications:kind.proposalMerged',
  'proposal.closed': 'notifications:kind.proposalClosed',
};

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * What a notification says, and where it leads: a new version to what changed in it (the Versions
 * tab on that version), a comment or mention to its thread, others to their dataset, a follow to
 * the follower's page.
 */
export function notificationLine(
  n: Notification,
  t: T,
  locale: Locale,
): { text: string; href: string | null } {
  const key = (LINES as Record<string, MessageKey>)[n.kind] ?? 'notifications:line.other';
  const line = t(key, {
    actor: n.actor ? n.actor.nickname || n.actor.username : t('notifications:line.someone'),
    dataset: n.dataset?.name ?? t('notifications:line.aDataset'),
    version: text(n.version),
    score: text(n.details.score),
    title: text(n.details.title),
  });
  const thread = text(n.details.discussionId);
  const proposal = text(n.details.proposalId);
  const path = n.dataset
    ? n.kind === 'version.published' && n.version !== null
      ? `/datasets/${n.dataset.id}?tab=versions&v=${n.version}`
      : proposal && (n.kind.startsWith('proposal.') || n.kind.startsWith('discussion.'))
        ? `/datasets/${n.dataset.id}/proposals/${proposal}`
        : n.kind.startsWith('discussion.') && thread
          ? `/datasets/${n.dataset.id}/discussions/${thread}`
          : `/datasets/${n.dataset.id}`
    : n.actor && n.kind === 'user.followed'
      ? `/users/${n.actor.id}`
      : null;
  return { text: line, href: path && localizePath(path, locale) };
}
