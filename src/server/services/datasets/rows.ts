import type { License } from '../../../contracts/limits.ts';
import { and, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DOWNLOAD_COUNT_WINDOW_MINUTES,
  type CreateDatasetBody,
  type Dataset,
  type DatasetSummary,
  type DatasetVersion,
  type UpdateDatasetBody,
} from '../../../contracts/datasets.ts';
import type { Db } from '../../db/client.ts';
import { datasets, datasetVersions, users } from '../../db/schema.ts';
import { forbidden, notFound } from '../../errors.ts';
import { publicUserColumns, toPublicUser } from '../users.ts';
import { openDiscussionCount } from '../discussions/count.ts';
import { proposalColumns, proposalFields, type DetailCounts } from '../proposals/count.ts';
import { UNKNOWN_OWNER } from './unknown-owner.ts';
import { inColumnOrder } from '../../../lib/tables/column-names.ts';

/** The signed-in caller's id, or null for a guest. */
export type ViewerId = number | null;

export const datasetNotFound = () => notFound('Dataset', 'DATASET_NOT_FOUND');
export const versionNotFound = () => notFound('Version', 'VERSION_NOT_FOUND');

/**
 * Datasets everyone may see: public ones whose owner's account is active (the `listed` column;
 * a deactivated account's datasets are hidden with it, docs/community.md).
 */
export const listed: SQL = eq(datasets.listed, true);

/** Datasets a viewer may see: listed ones, and their own. */
export function visibleTo(viewerId: ViewerId): SQL {
  return viewerId === null ? listed : (or(listed, eq(datasets.ownerId, viewerId)) as SQL);
}

/**
 * The metadata an owner states as is, each field's name on the wire (the create and update
 * bodies, snake_case) with its column on `datasets` (camelCase): written as given on create and
 * on update, and copied by a fork (docs/architecture.md "Adding a dataset field, end to end").
 * tests/api/datasets/stated-fields.test.ts round-trips every one.
 */
type Insert = typeof datasets.$inferInsert;
export const STATED_FIELDS = {
  language: 'language',
  license: 'license',
  citation: 'citation',
  readme: 'readme',
  key_columns: 'keyColumns',
} as const satisfies {
  // A wire name both bodies and the dataset object carry, paired with a column of `datasets`.
  [W in keyof CreateDatasetBody & keyof UpdateDatasetBody & keyof Dataset]?: keyof Insert;
};
type Stated = typeof STATED_FIELDS;
/** The stated fields as the create and update bodies carry them. */
export type StatedWire = { [W in keyof Stated]?: Insert[Stated[W]] };
/** The stated fields as columns. */
type StatedColumns = { [W in keyof Stated as Stated[W]]?: Insert[Stated[W]] };

const wireNames = Object.keys(STATED_FIELDS) as (keyof Stated)[];

/** The stated fields a create or update body gives, as columns (left out: the column is kept). */
export const statedFromBody = (body: StatedWire): StatedColumns =>
  Object.fromEntries(
    wireNames.flatMap((w) => (body[w] === undefined ? [] : [[STATED_FIELDS[w], body[w]]])),
  );

/** A dataset row's stated fields, as columns: what a fork copies. */
export const statedOfRow = (row: StatedColumns): StatedColumns =>
  Object.fromEntries(
    wireNames.flatMap((w) => {
      const column = STATED_FIELDS[w];
      return row[column] === undefined ? [] : [[column, row[column]]];
    }),
  );

const origin = alias(datasets, 'origin');

/** Columns of a dataset as lists and details show it (never `search_text`). */
const summaryColumns = {
  id: datasets.id,
  name: datasets.name,
  description: datasets.description,
  language: datasets.language,
  ownerId: datasets.ownerId,
  isPublic: datasets.isPublic,
  listed: datasets.listed,
  allowFork: datasets.allowFork,
  license: datasets.license,
  citation: datasets.citation,
  tags: datasets.tags,
  heat: datasets.heat,
  averageScore: datasets.averageScore,
  ratingCount: datasets.ratingCount,
  downloadCount: datasets.downloadCount,
  favoriteCount: datasets.favoriteCount,
  forkCount: datasets.forkCount,
  isFork: datasets.isFork,
  originName: datasets.originName,
  originAuthor: datasets.originAuthor,
  latestVersion: datasets.latestVersion,
  createdAt: datasets.createdAt,
  updatedAt: datasets.updatedAt,
  owner: publicUserColumns,
  origin: { id: origin.id, name: origin.name, listed: origin.listed, ownerId: origin.ownerId },
};

/** `select … from datasets` joined to its owner and the dataset it was forked from. */
export function selectSummaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(datasets)
    .leftJoin(users, eq(users.id, datasets.ownerId))
    .leftJoin(origin, eq(origin.id, datasets.forkedFromId));
}

export type SummaryRow = Awaited<ReturnType<typeof selectSummaries>>[number];

/** Every column of a version but its stored preview rows: what the API shows of it. */
const { preview: _preview, ...columnsButPreview } = getTableColumns(datasetVersions);
export const versionColumns = columnsButPreview;
export type VersionRow = Omit<typeof datasetVersions.$inferSelect, 'preview'>;
/** A VersionRow read inside JSON, where its time is text. */
type VersionJson = Omit<VersionRow, 'createdAt'> & { createdAt: string };

/**
 * The dataset's versions, newest first, as one JSON array (keyed like VersionRow) in the
 * dataset's own row: the detail is one statement, and it no longer reads every version's stored
 * preview rows (docs/performance.md, "One statement for the detail").
 */
const versionFields = sql.join(
  Object.entries(versionColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
);
const versionsJson = sql<VersionJson[]>`(select coalesce(
  json_agg(json_build_object(${versionFields}) order by ${datasetVersions.version} desc), '[]'::json)
from ${datasetVersions} where ${datasetVersions.datasetId} = ${datasets.id})`;

/** The versions read by versionsJson, as rows. */
export const versionRowsOf = (versions: VersionJson[]): VersionRow[] =>
  versions.map((v) => ({ ...v, createdAt: new Date(v.createdAt) }));

/** Like selectSummaries, with what only a dataset's own page shows (its card, its versions). */
export function selectDetails(db: Db) {
  return db
    .select({
      ...summaryColumns,
      readme: datasets.readme,
      columnDescriptions: datasets.columnDescriptions,
      keyColumns: datasets.keyColumns,
      versions: versionsJson,
      discussionCount: openDiscussionCount,
      ...proposalColumns,
    })
    .from(datasets)
    .leftJoin(users, eq(users.id, datasets.ownerId))
    .leftJoin(origin, eq(origin.id, datasets.forkedFromId));
}

/** A dataset as its own page and the API's detail show it. */
export function toDataset(
  row: SummaryRow & {
    readme: string;
    columnDescriptions: Record<string, string>;
    keyColumns: string[];
  } & DetailCounts,
  viewerId: ViewerId,
  versions: VersionRow[],
): Dataset {
  return {
    ...toSummary(row, viewerId),
    readme: row.readme,
    column_descriptions: inColumnOrder(row.columnDescriptions, versions[0]?.attributes ?? []),
    key_columns: row.keyColumns,
    versions: versions.map(toVersion),
    discussion_count: row.discussionCount,
    ...proposalFields(row),
  };
}

/** See `fork_credit` in the contract: the live name while visible, the recorded one once gone. */
function forkCredit(row: SummaryRow, originVisible: boolean): DatasetSummary['fork_credit'] {
  if (!row.isFork || (row.origin && !originVisible)) return null;
  const name = originVisible ? row.origin!.name : row.originName;
  return name === null ? null : { name, author: row.originAuthor ?? UNKNOWN_OWNER.nickname };
}

export function toSummary(row: SummaryRow, viewerId: ViewerId): DatasetSummary {
  const origin = row.origin;
  const originVisible = origin && (origin.listed || origin.ownerId === viewerId);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    language: row.language,
    owner_id: row.ownerId,
    owner: row.owner ? toPublicUser(row.owner) : UNKNOWN_OWNER,
    is_public: row.isPublic,
    allow_fork: row.allowFork,
    license: row.license as License | null,
    citation: row.citation,
    tags: row.tags,
    heat: row.heat,
    average_score: row.averageScore,
    rating_count: row.ratingCount,
    download_count: row.downloadCount,
    favorite_count: row.favoriteCount,
    fork_count: row.forkCount,
    forked_from: originVisible ? { id: origin.id, name: origin.name } : null,
    fork_credit: forkCredit(row, Boolean(originVisible)),
    is_fork: row.isFork,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    latest_version: row.latestVersion,
  };
}

export function toVersion(row: VersionRow): DatasetVersion {
  return {
    id: row.id,
    version: row.version,
    dataset_id: row.datasetId,
    entries_count: row.entriesCount,
    changelog: row.changelog,
    attributes: row.attributes,
    attribute_types: row.attributeTypes,
    attributes_type: row.attributeTypes,
    byte_size: row.byteSize,
    sha256: row.sha256,
    mode: row.mode,
    created_at: row.createdAt.toISOString(),
  };
}

/** The dataset if the viewer may see it, else 404 (private datasets of others do not exist). */
export async function findVisible(
  db: Db,
  id: number,
  viewerId: ViewerId,
): Promise<{
  id: number;
  name: string;
  ownerId: number | null;
  isPublic: boolean;
  latestVersion: number;
}> {
  const [row] = await db
    .select({
      id: datasets.id,
      name: datasets.name,
      ownerId: datasets.ownerId,
      isPublic: datasets.isPublic,
      latestVersion: datasets.latestVersion,
    })
    .from(datasets)
    .where(and(eq(datasets.id, id), visibleTo(viewerId)));
  if (!row) throw datasetNotFound();
  return row;
}

/**
 * The dataset row, for a change by its owner: 404 when the caller cannot see it, 403 when they
 * can (it is public) but it is not theirs. `lock` locks it for the rest of the transaction.
 */
async function ownedRow(db: Db, id: number, viewerId: number, lock: boolean) {
  const query = db
    .select({
      id: datasets.id,
      ownerId: datasets.ownerId,
      listed: datasets.listed,
      latestVersion: datasets.latestVersion,
      keyColumns: datasets.keyColumns,
    })
    .from(datasets)
    .where(eq(datasets.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row || (!row.listed && row.ownerId !== viewerId)) throw datasetNotFound();
  if (row.ownerId !== viewerId) throw forbidden('Only the owner may change this dataset');
  return row;
}

/** Locks the dataset row for a change by its owner (404 / 403 as `ownedRow` says). */
export const lockOwned = (db: Db, id: number, viewerId: number) => ownedRow(db, id, viewerId, true);

/**
 * The owner's check before a table is read (`ownedRow`), without waiting for the row: a lock
 * outside a transaction would end at once, and waiting for one can make it a deadlock's victim.
 */
export const checkOwned = (db: Db, id: number, viewerId: number) =>
  ownedRow(db, id, viewerId, false);

/** What search matches: lower-cased name, description and tags. */
export const searchTextOf = (name: string, description: string, tags: string[]) =>
  [name, description, ...tags].join(' ').toLowerCase();

/** `now()` as the database sees it, for updated_at. */
export const now = sql`now()`;
/** Download marks older than this have expired (a new download counts again). */
export const downloadWindowStart = sql`now() - make_interval(mins => ${DOWNLOAD_COUNT_WINDOW_MINUTES})`;
