import type { T } from '../i18n/index.ts';

/** A fork's recorded origin (see `fork_credit` in src/contracts/datasets.ts). */
export type ForkCredit = { name: string; author: string } | null;

/**
 * What a fork's "forked from" line says when its origin cannot be linked: the origin's name and
 * author as recorded when the fork was made, or that the origin is gone.
 */
export const originGone = (credit: ForkCredit, t: T): string =>
  credit ? t('datasets:detail.forkCredit', credit) : t('datasets:detail.originUnavailable');
