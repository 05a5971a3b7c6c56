import type { T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { DatasetVersion } from '../../contracts/datasets.ts';
import { DOWNLOAD_FORMATS, type DownloadFormat } from '../../contracts/limits.ts';
import { downloadUrl } from '../../lib/api/datasets.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';

const FORMAT_NAMES: Record<DownloadFormat, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  json: 'JSON',
  jsonl: 'JSONL',
  parquet: 'Parquet',
};

type Props = {
  datasetId: number;
  versions: DatasetVersion[];
  latest: number;
  locale: Locale;
  t: T;
  /** Saves a file in place of the plain link (see `onDownload` of DatasetView). */
  onDownload?: ((version: number, format: DownloadFormat) => void) | undefined;
  /** What changed in each version, in one line, linking to its full summary. */
  changes?: VersionChangeLines | undefined;
};

/** Per version: its change line and the address of its summary. */
export type VersionChangeLines = Map<number, { line: string; href: string }>;

/**
 * A dataset's versions, newest first: number, date, size, changelog and a download in every
 * format. Plain links to the API (guests download public datasets without JavaScript), or buttons
 * that call `onDownload`.
 */
export function VersionList(props: Props) {
  const { datasetId, versions, latest, locale, t, onDownload, changes } = props;
  return (
    <ol className="flex flex-col gap-3">
      {versions.map((v) => {
        const created = new Date(v.created_at);
        return (
          <li key={v.version} className="card p-4">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h3 id={`version-${v.version}`} className="font-bold">
                {t('datasets:versions.version', { version: String(v.version) })}
              </h3>
              {v.version === latest && (
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                  {t('datasets:versions.latest')}
                </span>
              )}
              <span className="text-sm text-muted">
                <time dateTime={isoDate(created)}>
                  {t('datasets:versions.published', { date: formatDate(created, locale) })}
                </time>
                {' · '}
                {t('datasets:versions.rows', { count: v.entries_count })}
                {' · '}
                {t('datasets:versions.columns', { count: v.attributes.length })}
              </span>
            </div>
            {changes?.has(v.version) && (
              <p className="mt-2 break-words font-medium">
                <a href={changes.get(v.version)!.href}>{changes.get(v.version)!.line}</a>
              </p>
            )}
            <p className="mt-2 whitespace-pre-line break-words">
              {v.changelog || (
                <span className="text-muted">{t('datasets:versions.noChangelog')}</span>
              )}
            </p>
            <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted">{t('datasets:versions.downloads')}</span>
              {DOWNLOAD_FORMATS.map((format) => {
                const label = t('datasets:versions.downloadAs', {
                  version: String(v.version),
                  format: FORMAT_NAMES[format],
                });
                return onDownload ? (
                  <button
                    key={format}
                    type="button"
                    className="btn btn-secondary px-3 py-1"
                    aria-label={label}
                    onClick={() => onDownload(v.version, format)}
                  >
                    {FORMAT_NAMES[format]}
                  </button>
                ) : (
                  <a
                    key={format}
                    href={downloadUrl(datasetId, v.version, format)}
                    className="btn btn-secondary px-3 py-1"
                    download
                    aria-label={label}
                  >
                    {FORMAT_NAMES[format]}
                  </a>
                );
              })}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
