import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getT, type T, loadAreas } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { listReports } from '../../lib/api/discussions.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import { failureText } from '../../lib/error-text.ts';
import { createCommentReports, type ReportLine } from '../../stores/comment-reports.ts';
import { useViewer } from '../community/useViewer.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['discussions']);

type Props = {
  datasetId: number;
  ownerId: number;
  /** A thread's page is this path + its id. */
  threadPath: string;
  locale: Locale;
};

function Line({ line, t, locale }: { line: ReportLine; t: T; locale: Locale }) {
  return (
    <li className="card flex flex-col gap-1 p-3" data-testid="comment-report">
      <a className="break-words font-semibold" href={line.href}>
        {line.threadTitle}
      </a>
      <q className="break-words">{line.excerpt}</q>
      <p className="text-sm text-muted">
        {t('discussions:reports.by', { name: line.reporter ?? t('discussions:unknownAuthor') })}
        {' · '}
        <time dateTime={isoDate(line.reportedAt)}>{formatDate(line.reportedAt, locale)}</time>
      </p>
      {line.reason && (
        <p className="break-words text-sm">
          {t('discussions:reports.reason', { reason: line.reason })}
        </p>
      )}
    </li>
  );
}

/** The list, once the owner is known; nothing for anyone else. */
function Reports({ datasetId, threadPath, locale }: Omit<Props, 'ownerId'>) {
  const t = getT(locale);
  const [reports] = useState(() =>
    createCommentReports({
      list: () => listReports(datasetId),
      describe: (err) => failureText(err, t) ?? '',
      threadPath,
    }),
  );
  const state = useStore(reports.$state);
  useEffect(() => void reports.load(), [reports]);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="comment-reports">
      <h2 id="comment-reports" className="text-lg font-bold">
        {t('discussions:reports.heading')}
      </h2>
      {state.status === 'failed' && state.error && (
        <p role="alert" className="text-danger">
          {state.error}
        </p>
      )}
      {state.status === 'ready' && state.lines.length === 0 && (
        <p className="text-muted">{t('discussions:reports.empty')}</p>
      )}
      {state.status === 'ready' && state.lines.length > 0 && (
        <ul className="flex flex-col gap-2">
          {state.lines.map((line) => (
            <Line key={line.key} line={line} t={t} locale={locale} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The reported comments of the dataset, shown only to its signed-in owner. */
export default function CommentReports({ ownerId, ...props }: Props) {
  const viewer = useViewer();
  if (!viewer.signedIn || viewer.id !== ownerId) return null;
  return <Reports {...props} />;
}
