import { useCallback, useRef, useState } from 'react';
import type { T } from '../../i18n/index.ts';
import type { TableValidation } from '../../lib/api/types.ts';
import { failureText } from '../../lib/error-text.ts';
import { DraftError } from '../../lib/tables/draft-error.ts';
import { draftOf, parseCsvText, type TableDraft } from '../../lib/tables/draft.ts';
import { isAttributeType, type AttributeType } from '../../lib/tables/infer.ts';
import { readChosenFiles } from '../../lib/tables/types-file.ts';
import { checkDraft } from '../../stores/datasets.ts';

export type CheckState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'done'; result: TableValidation; stale: boolean }
  | { kind: 'failed'; message: string };

/** Why a table could not be read, in the page's language. */
function readFailureText(t: T, error: unknown): string {
  if (error instanceof DraftError) {
    return t(`datasets:table.error.${error.key}`, {
      row: error.row ?? '?',
      detail: error.message,
    });
  }
  return t('datasets:table.error.unreadable');
}

/** Why the server's check failed, in the page's language. */
const checkFailureText = (t: T, error: unknown): string =>
  failureText(error, t) ??
  (error instanceof Error ? error.message : t('datasets:validation.failed'));

/** A table from CSV text; columns named in `known` keep those types (when they are types). */
function textDraft(text: string, known: Record<string, string>): TableDraft {
  const { attributes, rows } = parseCsvText(text);
  const declared = Object.fromEntries(
    Object.entries(known).filter(([, type]) => isAttributeType(type)),
  );
  return draftOf({ kind: 'text', name: 'CSV', size: text.length }, attributes, rows, declared);
}

/** The server's check of the current table; an answer about an older table is dropped. */
function useDraftCheck(t: T) {
  const [check, setCheck] = useState<CheckState>({ kind: 'none' });
  /** Bumped on every new table, so an answer about an older one is dropped. */
  const generation = useRef(0);

  const runCheck = useCallback(
    async (next: TableDraft, nextTypes: AttributeType[]): Promise<TableValidation | null> => {
      const mine = generation.current;
      setCheck({ kind: 'checking' });
      try {
        const result = await checkDraft(next, nextTypes);
        if (mine === generation.current) setCheck({ kind: 'done', result, stale: false });
        return result;
      } catch (error) {
        const message = checkFailureText(t, error);
        if (mine === generation.current) setCheck({ kind: 'failed', message });
        return null;
      }
    },
    [t],
  );

  /** Forgets the check: a new table (or none) is coming. */
  const restart = useCallback(() => {
    generation.current += 1;
    setCheck({ kind: 'none' });
  }, []);

  /** The types changed: a finished check no longer holds. */
  const markStale = useCallback(() => {
    setCheck((c) => (c.kind === 'done' ? { ...c, stale: true } : c));
  }, []);

  /** Shows problems the server found on upload (`details.errors` of INVALID_TABLE). */
  const showProblems = useCallback((errors: TableValidation['errors']) => {
    setCheck({ kind: 'done', result: { isValid: false, errors }, stale: false });
  }, []);

  return { check, runCheck, restart, markStale, showProblems };
}

/** Reading a table (file or CSV text), its column types, and the server's check of it. */
export function useTableDraft(t: T) {
  const [draft, setDraft] = useState<TableDraft | null>(null);
  const [types, setTypes] = useState<AttributeType[]>([]);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<string | null>(null);
  const { check, runCheck, restart, markStale, showProblems } = useDraftCheck(t);

  const accept = useCallback(
    (next: TableDraft) => {
      setDraft(next);
      setTypes(next.types);
      void runCheck(next, next.types);
    },
    [runCheck],
  );

  const read = useCallback(
    async (load: () => Promise<TableDraft>) => {
      restart();
      setReading(true);
      setReadError(null);
      setDraft(null);
      try {
        accept(await load());
      } catch (error) {
        setReadError(readFailureText(t, error));
      } finally {
        setReading(false);
      }
    },
    [accept, restart, t],
  );

  /** Reads the chosen files: a table, and maybe its types file (`FILE.types.json`). */
  const readFiles = useCallback((files: File[]) => read(() => readChosenFiles(files)), [read]);

  /** Reads CSV text; columns named in `known` keep those types. */
  const readText = useCallback(
    (text: string, known: Record<string, string> = {}) =>
      read(() => Promise.resolve().then(() => textDraft(text, known))),
    [read],
  );

  const setType = useCallback(
    (column: number, type: AttributeType) => {
      setTypes((current) => current.map((old, c) => (c === column ? type : old)));
      markStale();
    },
    [markStale],
  );

  /** The current check, run again when the types changed since (or it never ran). */
  const ensureChecked = useCallback(async (): Promise<TableValidation | null> => {
    if (!draft) return null;
    if (check.kind === 'done' && !check.stale) return check.result;
    return runCheck(draft, types);
  }, [draft, types, check, runCheck]);

  const clear = useCallback(() => {
    restart();
    setDraft(null);
    setReadError(null);
  }, [restart]);

  return {
    draft,
    types,
    reading,
    readError,
    check,
    readFiles,
    readText,
    setType,
    recheck: () => (draft ? runCheck(draft, types) : Promise.resolve(null)),
    ensureChecked,
    showProblems,
    clear,
  };
}

export type TableDraftState = ReturnType<typeof useTableDraft>;
