import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { getT, loadAreas, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import {
  changeProposal,
  mergeProposal,
  updateProposalFile,
  type FileMode,
} from '../../lib/api/proposals.ts';
import { failureText } from '../../lib/error-text.ts';
import {
  createProposalTools,
  toolChoices,
  type ToolsProposal,
} from '../../stores/proposal-tools.ts';
import { useViewer } from '../community/useViewer.ts';
import { VersionModeChoice } from '../datasets/VersionModeChoice.tsx';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['proposals']);

type Props = {
  locale: Locale;
  proposal: ToolsProposal;
  /** The dataset's key: a new file may update or delete rows by it. */
  keyColumns: string[];
  /** The fork version proposed now (a fork's proposal). */
  forkVersion: number | null;
};

type Tools = ReturnType<typeof createProposalTools>;

/** The proposer's update: a newer fork version, or a new table file and its mode. */
function UpdateForm({
  tools,
  t,
  keyColumns,
  forkVersion,
  busy,
}: Omit<Props, 'locale' | 'proposal'> & { tools: Tools; t: T; busy: boolean }) {
  const [mode, setMode] = useState<FileMode>('upsert');
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState(String((forkVersion ?? 0) + 1));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (forkVersion !== null) void tools.updateFork(Number(version));
    else if (file) void tools.updateFile(mode, file);
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} data-testid="proposal-update">
      <h3 className="font-bold">{t('proposals:tools.update')}</h3>
      {forkVersion !== null ? (
        <label className="flex flex-col gap-1">
          {t('proposals:tools.forkVersion')}
          <input
            type="number"
            className="field-input w-32"
            min={1}
            required
            value={version}
            onChange={(e) => setVersion(e.target.value)}
          />
        </label>
      ) : (
        <>
          <VersionModeChoice mode={mode} keyColumns={keyColumns} onMode={setMode} t={t} />
          <label className="flex flex-col gap-1">
            {t('proposals:tools.file')}
            <input
              type="file"
              required
              accept=".csv,.tsv,.json,.jsonl,.ndjson,text/csv"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </label>
        </>
      )}
      <button type="submit" className="btn btn-secondary self-start" aria-disabled={busy}>
        {t('proposals:tools.send')}
      </button>
    </form>
  );
}

/**
 * The proposal page's tools for who is signed in: merge (the dataset's owner; refused while
 * conflicts remain), close and reopen (the owner, the proposer), update (the proposer). The
 * logic is stores/proposal-tools.ts; after a change the page reloads.
 */
export default function ProposalTools({ locale, proposal, keyColumns, forkVersion }: Props) {
  const t = getT(locale);
  const viewer = useViewer();
  const [tools] = useState(() =>
    createProposalTools(proposal.id, {
      merge: mergeProposal,
      change: changeProposal,
      updateFile: updateProposalFile,
      describe: (err) => failureText(err, t) ?? '',
      reload: () => window.location.reload(),
      confirm: () => window.confirm(t('proposals:tools.confirmMerge')),
    }),
  );
  const { busy, error } = useStore(tools.$state);
  const can = toolChoices(proposal, viewer.signedIn ? viewer.id : null);
  if (!can.merge && !can.close && !can.reopen && !can.update) return null;
  return (
    <section className="card flex flex-col gap-3 p-4" aria-label={t('proposals:tools.label')}>
      <div className="flex flex-wrap gap-2">
        {can.merge && (
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={busy || !proposal.applies}
            onClick={() => proposal.applies && void tools.merge()}
          >
            {t('proposals:tools.merge')}
          </button>
        )}
        {can.close && (
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={busy}
            onClick={() => void tools.close()}
          >
            {t('proposals:tools.close')}
          </button>
        )}
        {can.reopen && (
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={busy}
            onClick={() => void tools.reopen()}
          >
            {t('proposals:tools.reopen')}
          </button>
        )}
      </div>
      {can.merge && !proposal.applies && (
        <p className="text-sm text-muted">{t('proposals:tools.conflicts')}</p>
      )}
      {busy && <p role="status">{t('proposals:tools.busy')}</p>}
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      {can.update && (
        <UpdateForm
          tools={tools}
          t={t}
          keyColumns={keyColumns}
          forkVersion={forkVersion}
          busy={busy}
        />
      )}
    </section>
  );
}
