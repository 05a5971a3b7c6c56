/**
 * What the dataset pages do, as actions the islands call: checking a table with the server,
 * publishing a dataset or a version (as JSON, or as a stream when only part of a large file was
 * read), saving metadata, deleting, and loading the latest version's rows for editing.
 * Failures reject with the ApiError (the page shows it). Caches are kept right by lib/api/datasets.ts.
 */
import * as datasetsApi from '../lib/api/datasets.ts';
import type {
  Dataset,
  DatasetMetadata,
  DatasetUpdate,
  DatasetVersion,
  TableContent,
  TableProblem,
  TableValidation,
} from '../lib/api/types.ts';
import type { UploadProgress } from '../lib/api/upload.ts';
import type { AttributeType } from '../lib/tables/infer.ts';
import type { VersionMode } from '../contracts/limits.ts';
import { streamFormatOf, type TableDraft } from '../lib/tables/draft.ts';
import { listedProblems } from '../lib/tables/problems.ts';
import { checkLaterRows } from '../lib/tables/later-rows.ts';

/** The table as the API takes it, with the types chosen on the page declared. */
function contentOf(draft: TableDraft, types: readonly AttributeType[]): TableContent {
  return {
    attributes: draft.attributes,
    attributeTypes: Object.fromEntries(draft.attributes.map((a, c) => [a, types[c] ?? 'string'])),
    entries: draft.entries,
  };
}

/**
 * The types of a sampled (large) file that are declared: those changed on the page, and those
 * a types file chosen with it declares (kept as they are). The others were proposed from the
 * rows read, and the server infers them over the whole file.
 */
function changedTypes(draft: TableDraft, types: readonly AttributeType[]) {
  return Object.fromEntries(
    draft.attributes.flatMap((a, c) => {
      const type = types[c];
      const declared = type !== draft.types[c] || draft.declared?.[a] === type;
      return type !== undefined && declared ? [[a, type]] : [];
    }),
  );
}

/** A sampled file as the stream it is sent as, with the types changed on the page. */
const streamOf = (draft: TableDraft, sampled: File, types: readonly AttributeType[]) => ({
  body: sampled,
  format: streamFormatOf(draft.source),
  attributeTypes: changedTypes(draft, types),
});

/**
 * POST /datasets/validate. A sampled (large) file is checked on the rows read, with only the
 * types changed on the page declared: the server infers the others over the whole file. The
 * problems the form finds past the sample, by the server's checks (later-rows.ts: rows of the
 * wrong shape, values their declared type refuses, lines the upload could not read), follow the
 * server's, unless it stopped listing them. Those rows are checked again when a type changed.
 */
export async function checkDraft(
  draft: TableDraft,
  types: readonly AttributeType[],
): Promise<TableValidation> {
  const content = contentOf(draft, types);
  const declared = changedTypes(draft, types);
  const [result, later] = await Promise.all([
    datasetsApi.validateContent(draft.sampled ? { ...content, attributeTypes: declared } : content),
    laterProblems(draft, declared),
  ]);
  if (later.length === 0 || listedProblems(result.errors).capped) return result;
  return { isValid: false, errors: [...result.errors, ...later] };
}

/** The problems past a sampled file's sample, with the types declared on the page. */
async function laterProblems(
  draft: TableDraft,
  declared: Record<string, AttributeType>,
): Promise<TableProblem[]> {
  if (!draft.sampled || !draft.later || Object.keys(declared).length === 0) {
    return draft.problems ?? [];
  }
  return (await checkLaterRows(draft.sampled, draft.later, declared)).problems;
}

type Progress = (progress: UploadProgress) => void;

/**
 * A new dataset was published, but what followed it by PUT (its card, its column descriptions)
 * was not saved (`reason`): the form offers to save them on `dataset` again (finishPublished),
 * never to publish a second dataset.
 */
export class PublishedUnfinished extends Error {
  override name = 'PublishedUnfinished';
  readonly dataset: Dataset;
  readonly reason: unknown;
  constructor(dataset: Dataset, reason: unknown) {
    super(
      `Dataset ${dataset.id} was published, but its card and column descriptions were not saved`,
    );
    this.dataset = dataset;
    this.reason = reason;
  }
}

/** Saves `update` on the just published `dataset`; a failure is PublishedUnfinished. */
export async function finishPublished(dataset: Dataset, update: DatasetUpdate): Promise<Dataset> {
  try {
    return await datasetsApi.updateDataset(dataset.id, update);
  } catch (error) {
    throw new PublishedUnfinished(dataset, error);
  }
}

/** How a publish is sent: its progress, and its `Idempotency-Key` (the same for a retry). */
type PublishOptions = { onProgress: Progress; idempotencyKey: string };

/**
 * Publishes a new dataset with the draft as version 1 (and its column descriptions, if any).
 * A streamed one is created first and then given its card and descriptions by PUT: when that
 * fails, PublishedUnfinished says which dataset was created.
 */
export async function publishDataset(
  meta: DatasetMetadata & { columnDescriptions?: Record<string, string> },
  draft: TableDraft,
  types: readonly AttributeType[],
  options: PublishOptions,
): Promise<Dataset> {
  if (draft.sampled) {
    // A streamed upload takes its metadata in the query: the card (up to 64 KB) and the column
    // descriptions follow by PUT.
    const { readme, columnDescriptions = {}, ...query } = meta;
    const created = await datasetsApi.uploadDataset(
      query,
      streamOf(draft, draft.sampled, types),
      options,
    );
    const described = Object.keys(columnDescriptions).length > 0;
    if (!readme && !described) return created;
    return finishPublished(created, {
      ...(readme && { readme }),
      ...(described && { columnDescriptions }),
    });
  }
  return datasetsApi.createDataset({ ...meta, ...contentOf(draft, types) }, options);
}

/** Publishes the draft as the next version of dataset `id`. */
export function publishVersion(
  id: number,
  changelog: string,
  draft: TableDraft,
  types: readonly AttributeType[],
  { mode = 'replace', ...options }: PublishOptions & { mode?: VersionMode },
): Promise<DatasetVersion> {
  // A patch takes the latest version's types: the ones guessed from its rows are not sent.
  const patch = mode !== 'replace';
  if (draft.sampled) {
    const file = streamOf(draft, draft.sampled, types);
    const sent = patch ? { ...file, attributeTypes: {} } : file;
    return datasetsApi.uploadVersion(id, changelog, sent, options, mode);
  }
  const { attributes, attributeTypes, entries } = contentOf(draft, types);
  return datasetsApi.createVersion(
    id,
    { attributes, attribute_types: patch ? {} : (attributeTypes ?? {}), entries, changelog },
    options,
    mode,
  );
}

export function saveDataset(id: number, update: DatasetUpdate): Promise<Dataset> {
  return datasetsApi.updateDataset(id, update);
}

export function removeDataset(id: number): Promise<void> {
  return datasetsApi.deleteDataset(id);
}

/** Rows read at a time when loading a version for editing (the API's most). */
const PAGE_ROWS = 1000;

export type LatestRows =
  | { kind: 'rows'; attributes: string[]; types: Record<string, string>; rows: unknown[][] }
  | { kind: 'tooLarge'; rows: number };

/** Every row of the latest version, or `tooLarge` when it has more than `maxRows`. */
export async function loadLatestRows(id: number, maxRows: number): Promise<LatestRows> {
  const first = await datasetsApi.getLatestVersion(id, { offset: 0, limit: PAGE_ROWS });
  if (first.entriesCount > maxRows) return { kind: 'tooLarge', rows: first.entriesCount };
  const rows: unknown[][] = [...first.entries];
  while (rows.length < first.entriesCount) {
    const next = await datasetsApi.getLatestVersion(id, { offset: rows.length, limit: PAGE_ROWS });
    if (next.entries.length === 0) break;
    rows.push(...next.entries);
  }
  return {
    kind: 'rows',
    attributes: first.attributes,
    types: first.attributeTypes,
    rows,
  };
}
