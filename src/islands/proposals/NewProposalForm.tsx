import { useId, useState, type FormEvent } from 'react';
import { getT, loadAreas, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { COMMENT_BODY_MAX, DISCUSSION_TITLE_MAX } from '../../contracts/limits.ts';
import { proposeFile, proposeFork, type FileMode } from '../../lib/api/proposals.ts';
import { failureText } from '../../lib/error-text.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { guestPlaceholder, useViewer } from '../community/useViewer.ts';
import { useOneAtATime } from '../community/useOneAtATime.ts';
import { VersionModeChoice } from '../datasets/VersionModeChoice.tsx';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['proposals']);

type Props = {
  locale: Locale;
  datasetId: number;
  keyColumns: string[];
  /** A fork's version to propose (from the fork's page), else a table file is chosen. */
  fork: { id: number; version: number } | null;
  /** The proposals' addresses: a new one opens at `proposalPath` + its id. */
  proposalPath: string;
  /** This page's address, to come back to after signing in. */
  path: string;
};

type FileProps = {
  id: string;
  t: T;
  keyColumns: string[];
  mode: FileMode;
  onMode: (mode: FileMode) => void;
  onFile: (file: File | null) => void;
};

/** A proposal from a table file: how it changes the latest version, and the file. */
function FileFields({ id, t, keyColumns, mode, onMode, onFile }: FileProps) {
  return (
    <>
      <VersionModeChoice mode={mode} keyColumns={keyColumns} onMode={onMode} t={t} />
      <label className="flex flex-col gap-1" htmlFor={`${id}-file`}>
        {t('proposals:new.file')}
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.tsv,.json,.jsonl,.ndjson,text/csv"
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
      </label>
    </>
  );
}

/** Makes the proposal: from the fork's version, or from the file. */
const send = (
  { datasetId, fork }: Props,
  input: { title: string; body: string; mode: FileMode },
  file: File | null,
) =>
  fork
    ? proposeFork(datasetId, {
        title: input.title,
        body: input.body,
        forkId: fork.id,
        forkVersion: fork.version,
      })
    : proposeFile(datasetId, input, file!);

/**
 * The new proposal's form: title, Markdown description and either a table file with its mode or
 * a fork's version. A refusal is shown in the page's language and everything typed or chosen
 * stays; the new proposal's page opens once it is made.
 */
export default function NewProposalForm(props: Props) {
  const t = getT(props.locale);
  const viewer = useViewer();
  const id = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [mode, setMode] = useState<FileMode>(props.keyColumns.length > 0 ? 'upsert' : 'append');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { pending, run } = useOneAtATime();

  if (!viewer.signedIn) {
    const link = { href: loginUrl(props.locale, props.path), ...guestPlaceholder(viewer) };
    return (
      <a className="btn btn-secondary self-start" {...link}>
        {t('proposals:new.signIn')}
      </a>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.fork && !file) return setError(t('proposals:new.noFile'));
    void run(async () => {
      setError(null);
      try {
        const made = await send(props, { title, body, mode }, file);
        window.location.assign(`${props.proposalPath}${made.id}`);
      } catch (err) {
        setError(failureText(err, t));
      }
    });
  };

  return (
    <form className="card flex flex-col gap-4 p-4" onSubmit={submit} data-testid="proposal-form">
      <label className="flex flex-col gap-1" htmlFor={`${id}-title`}>
        {t('proposals:new.title')}
        <input
          id={`${id}-title`}
          className="field-input"
          required
          maxLength={DISCUSSION_TITLE_MAX}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${id}-body`}>
        {t('proposals:new.body')}
        <textarea
          id={`${id}-body`}
          className="field-input min-h-32"
          maxLength={COMMENT_BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      {!props.fork && (
        <FileFields
          id={id}
          t={t}
          keyColumns={props.keyColumns}
          mode={mode}
          onMode={setMode}
          onFile={setFile}
        />
      )}
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" aria-disabled={pending}>
        {pending ? t('proposals:new.sending') : t('proposals:new.submit')}
      </button>
    </form>
  );
}
