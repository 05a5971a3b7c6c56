import { useEffect, useState } from 'react';
import type { T } from '../../i18n/index.ts';
import { failureText } from '../../lib/error-text.ts';
import { csvText } from '../../lib/tables/cells.ts';
import { loadLatestRows } from '../../stores/datasets.ts';
import { TextArea } from '../form/Field.tsx';

/** The most rows of a version that are offered for editing as text in the browser. */
const MAX_EDIT_ROWS = 5000;

type Props = {
  datasetId: number;
  /** Reads the edited text as the new table; columns keep the latest version's types. */
  onRead: (text: string, types: Record<string, string>) => void;
  t: T;
};

type Loaded =
  | { kind: 'loading' }
  | { kind: 'text'; text: string; types: Record<string, string> }
  | { kind: 'tooLarge'; rows: number }
  | { kind: 'failed'; message: string };

/** The latest version as CSV text to edit, then read as the new version's table. */
export function LatestAsText({ datasetId, onRead, t }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [text, setText] = useState('');

  useEffect(() => {
    let current = true;
    loadLatestRows(datasetId, MAX_EDIT_ROWS).then(
      (latest) => {
        if (!current) return;
        if (latest.kind === 'tooLarge') {
          setLoaded({ kind: 'tooLarge', rows: latest.rows });
          return;
        }
        const csv = csvText(latest.attributes, latest.rows);
        setText(csv);
        setLoaded({ kind: 'text', text: csv, types: latest.types });
        onRead(csv, latest.types);
      },
      (error: unknown) => {
        if (current) {
          const message = failureText(error, t) ?? '';
          setLoaded({ kind: 'failed', message });
        }
      },
    );
    return () => {
      current = false;
    };
    // Loaded once per dataset; `onRead` is called with what was loaded.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [datasetId]);

  if (loaded.kind === 'loading') {
    return (
      <p role="status" className="text-muted">
        {t('datasets:version.loadingLatest')}
      </p>
    );
  }
  if (loaded.kind === 'tooLarge') {
    return (
      <p role="alert" className="rounded-lg bg-danger-50 p-3 text-danger">
        {t('datasets:version.tooLarge', { rows: loaded.rows, max: MAX_EDIT_ROWS })}
      </p>
    );
  }
  if (loaded.kind === 'failed') {
    return (
      <p role="alert" className="rounded-lg bg-danger-50 p-3 text-danger">
        {t('datasets:edit.loadFailed')} {loaded.message}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <TextArea
        id="version-text"
        label={t('datasets:version.text')}
        hint={t('datasets:version.textHint')}
        rows={12}
        spellCheck={false}
        className="field-input font-mono text-sm"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => onRead(text, loaded.types)}
        >
          {t('datasets:version.readText')}
        </button>
      </div>
    </div>
  );
}
