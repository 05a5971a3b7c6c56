import { describe, expect, it } from 'vitest';
import { createCommentReports, type ReportsDeps } from '../../src/stores/comment-reports.ts';

type Answer = Awaited<ReturnType<ReportsDeps['list']>>;
type Report = Answer['reports'][number];

const report = (
  id: number,
  reporter: Report['reporter'],
  reason: string,
  body: string,
): Report => ({
  comment: {
    id,
    discussionId: 9,
    author: { id: 1, username: 'owner', nickname: '' },
    body,
    bodyHtml: `<p>${body}</p>`,
    hidden: false,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
  },
  discussionTitle: 'Where is Qingdao?',
  reporter,
  reason,
  createdAt: '2026-12-02T08:30:00.000Z',
});

const deps = (list: ReportsDeps['list']): ReportsDeps => ({
  list,
  describe: (err) => `Failed: ${(err as Error).message}`,
  threadPath: '/en-US/datasets/4/discussions/',
});

describe('comment reports', () => {
  it('list each report with its excerpt, reporter, reason, date and link to the comment', async () => {
    const long = `Spam spam\n\n${'x'.repeat(300)}`;
    const reports = createCommentReports(
      deps(() =>
        Promise.resolve({
          reports: [
            report(31, { id: 2, username: 'reader', nickname: 'Reader Li' }, ' off topic ', long),
            report(32, null, '', 'short'),
          ],
        }),
      ),
    );
    expect(reports.$state.get()).toEqual({ status: 'idle' });
    const loading = reports.load();
    expect(reports.$state.get()).toEqual({ status: 'loading' });
    await loading;
    const state = reports.$state.get();
    if (state.status !== 'ready') throw new Error(`not ready: ${state.status}`);
    const [first, second] = state.lines;
    expect(first).toMatchObject({
      threadTitle: 'Where is Qingdao?',
      reporter: 'Reader Li',
      reason: 'off topic',
      href: '/en-US/datasets/4/discussions/9#comment-31',
    });
    expect(first?.excerpt.startsWith('Spam spam xxx')).toBe(true);
    expect(first?.excerpt.endsWith('…')).toBe(true);
    expect([...(first?.excerpt ?? '')]).toHaveLength(140);
    expect(first?.reportedAt.toISOString()).toBe('2026-12-02T08:30:00.000Z');
    expect(second).toMatchObject({ excerpt: 'short', reporter: null, reason: '' });
  });

  it('show none when nothing is reported, and the failure when the list is refused', async () => {
    const empty = createCommentReports(deps(() => Promise.resolve({ reports: [] })));
    await empty.load();
    expect(empty.$state.get()).toEqual({ status: 'ready', lines: [] });

    const refused = createCommentReports(deps(() => Promise.reject(new Error('not yours'))));
    await refused.load();
    expect(refused.$state.get()).toEqual({ status: 'failed', error: 'Failed: not yours' });
  });
});
