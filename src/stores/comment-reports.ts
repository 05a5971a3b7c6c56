/**
 * The reported comments a dataset's owner sees on its discussions tab
 * (islands/discussions/CommentReports.tsx): the reports read once, each made a line to show —
 * the comment's excerpt, who reported it and why, when, and the link to its thread.
 */
import { atom } from 'nanostores';
import type { ReportList } from '../contracts/discussions.ts';
import { clipped, oneLine } from '../contracts/cut-text.ts';
import type { Camelize } from '../lib/case.ts';

type Report = Camelize<ReportList>['reports'][number];

/** How many characters of a reported comment its line shows. */
const REPORT_EXCERPT_MAX = 140;

/** One report as the list shows it. */
export type ReportLine = {
  key: string;
  /** The comment's text on one line, cut short. */
  excerpt: string;
  threadTitle: string;
  /** The reporter's name, or null once their account is gone. */
  reporter: string | null;
  /** '' when they gave none. */
  reason: string;
  reportedAt: Date;
  /** The comment on its thread's page. */
  href: string;
};

/** The reports as lines; `threadPath` + a thread's id is its page. */
function reportLines(reports: readonly Report[], threadPath: string): ReportLine[] {
  return reports.map((r) => ({
    key: `${r.comment.id}-${r.reporter?.id ?? 'gone'}`,
    excerpt: clipped(oneLine(r.comment.body), REPORT_EXCERPT_MAX),
    threadTitle: r.discussionTitle,
    reporter: r.reporter ? r.reporter.nickname || r.reporter.username : null,
    reason: oneLine(r.reason),
    reportedAt: new Date(r.createdAt),
    href: `${threadPath}${r.comment.discussionId}#comment-${r.comment.id}`,
  }));
}

type ReportsState =
  | { status: 'idle' | 'loading' }
  | { status: 'ready'; lines: ReportLine[] }
  | { status: 'failed'; error: string };

/** The call and the page's wording (given, so tests need no DOM). */
export type ReportsDeps = {
  list: () => Promise<Camelize<ReportList>>;
  /** The message shown for a failure, in the page's language. */
  describe: (error: unknown) => string;
  threadPath: string;
};

/** The owner's reported comments: `load` reads them (again), `$state` is what to show. */
export function createCommentReports(deps: ReportsDeps) {
  const $state = atom<ReportsState>({ status: 'idle' });
  const load = async () => {
    if ($state.get().status === 'loading') return;
    $state.set({ status: 'loading' });
    try {
      const { reports } = await deps.list();
      $state.set({ status: 'ready', lines: reportLines(reports, deps.threadPath) });
    } catch (err) {
      $state.set({ status: 'failed', error: deps.describe(err) });
    }
  };
  return { $state, load };
}
