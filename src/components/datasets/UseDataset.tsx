import type { MessageKey, T } from '../../i18n/index.ts';
import { datasetSnippets, type SnippetTool } from '../../lib/dataset-snippets.ts';

const TOOL_NAMES: Record<SnippetTool, MessageKey> = {
  pandas: 'sql:use.pandas',
  polars: 'sql:use.polars',
  duckdbPython: 'sql:use.duckdbPython',
  duckdbCli: 'sql:use.duckdbCli',
  r: 'sql:use.r',
  curl: 'sql:use.curl',
  cli: 'sql:use.cli',
};

type Props = {
  /** Where the site's API is, without a trailing slash. */
  origin: string;
  datasetId: number;
  version: number;
  t: T;
};

/**
 * "Use this dataset": code for pandas, polars, DuckDB (Python and its command line), R, curl and
 * `sheaf pull` that reads this version, rendered on the server (readable without JavaScript).
 */
export function UseDataset({ origin, datasetId, version, t }: Props) {
  return (
    <section aria-labelledby="use-dataset" className="flex flex-col gap-3">
      <h2 id="use-dataset" className="text-lg font-bold">
        {t('sql:use.heading')}
      </h2>
      <p className="text-sm text-muted">{t('sql:use.intro', { version: String(version) })}</p>
      {datasetSnippets({ origin, datasetId, version }).map((snippet) => (
        <figure key={snippet.tool} className="flex flex-col gap-1" data-snippet={snippet.tool}>
          <div className="flex items-center justify-between gap-2">
            <figcaption className="text-sm font-semibold">{t(TOOL_NAMES[snippet.tool])}</figcaption>
            <button
              type="button"
              hidden
              data-copy-snippet
              data-copied={t('sql:use.copied')}
              aria-label={t('sql:use.copyOne', { tool: t(TOOL_NAMES[snippet.tool]) })}
              className="rounded border border-line px-2 py-0.5 text-xs hover:bg-canvas"
            >
              {t('sql:use.copy')}
            </button>
          </div>
          <pre
            className="overflow-x-auto rounded-md border border-line bg-canvas p-3 text-xs"
            tabIndex={0}
          >
            <code className={`language-${snippet.language}`}>{snippet.code}</code>
          </pre>
        </figure>
      ))}
    </section>
  );
}
