import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { BlobStore, DerivedLink } from '../../blobs/store.ts';
import type { DownloadFormat } from '../../../contracts/datasets.ts';
import type { Context } from '../../context.ts';
import { datasets, datasetVersions, downloadMarks } from '../../db/schema.ts';
import { DOWNLOAD_RENDERING, contentTypeOf, downloadStream } from '../../tables/index.ts';
import { sliceStream } from '../../tables/slice.ts';
import { downloadDigests } from '../download-digests.ts';
import { storedDownload } from '../table-files.ts';
import { heatOf } from './heat.ts';
import {
  datasetNotFound,
  downloadWindowStart,
  findVisible,
  versionNotFound,
  type ViewerId,
} from './rows.ts';
import { notModified, type Conditions } from '../../lib/entity-tags.ts';
import { causeWithCode } from '../../lib/error-causes.ts';

/** Who downloads: the signed-in user, else the client's IP address. */
export type Downloader = { userId: number } | { ip: string };

const markKey = (versionId: number, who: Downloader) =>
  'userId' in who ? `${versionId}:u:${who.userId}` : `${versionId}:ip:${who.ip}`;

/**
 * Counts a download unless the same downloader already had this version counted within the
 * last 5 minutes. The mark is one upsert whose WHERE only lets an expired mark be renewed, so
 * two simultaneous requests cannot both count. Returns whether it counted.
 */
export async function countDownload(
  ctx: Context,
  datasetId: number,
  versionId: number,
  who: Downloader,
): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const marked = await tx
      .insert(downloadMarks)
      .values({ key: markKey(versionId, who), countedAt: sql`now()` })
      .onConflictDoUpdate({
        target: downloadMarks.key,
        set: { countedAt: sql`excluded.counted_at` },
        setWhere: sql`${downloadMarks.countedAt} <= ${downloadWindowStart}`,
      })
      .returning({ key: downloadMarks.key });
    if (marked.length === 0) return false;
    // One update for the count and the heat (see `heatOf`).
    const downloads = sql`${datasets.downloadCount} + 1`;
    await tx
      .update(datasets)
      .set({ downloadCount: downloads, heat: heatOf({ downloads }) })
      .where(eq(datasets.id, datasetId));
    return true;
  });
}

const EXTENSIONS: Record<DownloadFormat, string> = {
  csv: 'csv',
  tsv: 'tsv',
  json: 'json',
  jsonl: 'jsonl',
  parquet: 'parquet',
};

/** RFC 5987 percent-encoding: only attr-chars stay as they are. */
const encodeRfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment` with the file name `<dataset name>-v<version>.<ext>`: `filename*` carries it in
 * UTF-8 (e.g. Chinese names); `filename` is an ASCII fallback (`dataset-<id>-v<version>.<ext>`
 * when the name has no ASCII letters or digits).
 */
export function contentDisposition(
  dataset: { id: number; name: string },
  version: number,
  format: DownloadFormat,
): string {
  const suffix = `-v${version}.${EXTENSIONS[format]}`;
  const clean = dataset.name
    .replace(/[\p{Cc}"\\/:*?<>|]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let ascii = clean
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[%;]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[A-Za-z0-9]/.test(ascii)) ascii = `dataset-${dataset.id}`;
  const utf8 = clean || `dataset-${dataset.id}`;
  return `attachment; filename="${ascii}${suffix}"; filename*=UTF-8''${encodeRfc5987(utf8 + suffix)}`;
}

/**
 * A download as HTTP sends it: every format has a known length and a strong entity tag (the
 * table's sha256 and the format: the bytes are a pure function of both), so clients can resume
 * and caches can keep it. `open(start, end)` streams bytes `start` … `end` inclusive.
 */
export type Download = {
  contentType: string;
  contentDisposition: string;
  size: number;
  etag: string;
  modified: Date;
  /** Public versions may be cached by anyone for a year (they never change). */
  isPublic: boolean;
  open: (start: number, end: number) => Readable;
};

/** With BLOB_REDIRECT: the address the client fetches the file from itself (see downloadLink). */
export type DownloadLink = { location: string };

/** How long a download's presigned URL works: long enough to follow, short enough to share little. */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

type FileHeaders = Pick<Download, 'contentType' | 'contentDisposition'>;

const contentTypeFor = (format: DownloadFormat) =>
  format === 'parquet' ? 'application/vnd.apache.parquet' : contentTypeOf(format);

/**
 * The file from the table store, streamed by this process: the Parquet copy, or a text format
 * rendered once into a derived file (docs/datasets.md, "Downloads"), so every download and
 * every resumed range after the first reads a file instead of rendering the table again. A
 * remote store (S3 without BLOB_REDIRECT) keeps no working copy of text renders: the text is
 * rendered as it is sent.
 */
async function streamedDownload(
  ctx: Context,
  sha256: string,
  format: DownloadFormat,
  common: Omit<Download, 'size' | 'open'>,
): Promise<Download> {
  if (format === 'parquet' || !ctx.blobs.derivedUrl) {
    const suffix = await storedDownload(ctx, sha256, format);
    await ctx.blobs.fetchDerived(sha256, suffix);
    const path = ctx.blobs.derivedPath(sha256, suffix);
    const { size } = await stat(path);
    return { ...common, size, open: (start, end) => createReadStream(path, { start, end }) };
  }
  const size = (await downloadDigests(ctx, sha256))[format].bytes;
  return {
    ...common,
    size,
    open: (start, end) => {
      const stream = downloadStream(ctx.blobs, sha256, format);
      return start === 0 && end === size - 1 ? stream : sliceStream(stream, start, end);
    },
  };
}

/**
 * The file as a derived file in the store (rendered there first if need be), and a presigned
 * URL for it that answers with the same headers as the streamed download.
 */
async function downloadLink(
  ctx: Context,
  link: NonNullable<BlobStore['derivedUrl']>,
  sha256: string,
  format: DownloadFormat,
  request: FileHeaders & Pick<DerivedLink, 'method'>,
): Promise<DownloadLink> {
  const suffix = await storedDownload(ctx, sha256, format);
  const location = await link(sha256, suffix, { ...request, expiresIn: DOWNLOAD_LINK_SECONDS });
  return { location };
}

/**
 * What a download whose table file is missing answers: the deleted dataset's 404 when its version
 * is gone too (a deletion released the file after the version was read), else the error itself.
 */
async function goneOr(ctx: Context, versionId: number, error: unknown): Promise<unknown> {
  if (!causeWithCode(error, 'ENOENT')) return error;
  const [version] = await ctx.db
    .select({ id: datasetVersions.id })
    .from(datasetVersions)
    .where(eq(datasetVersions.id, versionId));
  return version ? error : datasetNotFound();
}

/** `open`, whose stream fails as `goneOr` says when the file is missing by the time it is read. */
function openedOrGone(ctx: Context, versionId: number, open: Download['open']): Download['open'] {
  return (start, end) => {
    async function* read() {
      try {
        yield* open(start, end);
      } catch (error) {
        throw await goneOr(ctx, versionId, error);
      }
    }
    // Ended early (the client went away), it ends the file's stream too.
    return Readable.from(read(), { objectMode: false });
  };
}

/**
 * GET /datasets/{id}/versions/{version}/download: the version's content in the asked format,
 * streamed, or with BLOB_REDIRECT (an S3 store) a link to it. `count` says whether this request
 * counts as a download (see countDownload); range requests, HEAD (a resumed download, or the
 * SQL console reading the Parquet file) and a matching `If-None-Match` or `If-Modified-Since` (a
 * cache revalidating its copy, answered 304) do not.
 */
export async function openDownload(
  ctx: Context,
  viewerId: ViewerId,
  who: Downloader,
  input: {
    id: number;
    /** A version's number, or the latest one's. */
    version: number | 'latest';
    format: DownloadFormat;
    method: DerivedLink['method'];
    count: boolean;
    /** The request's validators: a download answered 304 is a revalidation, not counted. */
    conditions: Conditions;
  },
): Promise<Download | DownloadLink> {
  const dataset = await findVisible(ctx.db, input.id, viewerId);
  const number = input.version === 'latest' ? dataset.latestVersion : input.version;
  const [version] = await ctx.db
    .select({
      id: datasetVersions.id,
      sha256: datasetVersions.sha256,
      createdAt: datasetVersions.createdAt,
    })
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, dataset.id), eq(datasetVersions.version, number)));
  if (!version) {
    // Deleted with its dataset since the look at the dataset: that dataset's 404.
    await findVisible(ctx.db, input.id, viewerId);
    throw versionNotFound();
  }
  const { format } = input;
  const headers: FileHeaders = {
    contentType: contentTypeFor(format),
    contentDisposition: contentDisposition(dataset, number, format),
  };
  // The configuration allows BLOB_REDIRECT only with an S3 store, which has `derivedUrl`.
  const link = ctx.config.blobRedirect ? ctx.blobs.derivedUrl : undefined;
  // A text format's tag names the rendering too: its bytes changed when the rendering did.
  const etag =
    format === 'parquet'
      ? `"${version.sha256}.parquet"`
      : `"${version.sha256}.r${DOWNLOAD_RENDERING}.${format}"`;
  const download = await (
    link
      ? downloadLink(ctx, link, version.sha256, format, { ...headers, method: input.method })
      : streamedDownload(ctx, version.sha256, format, {
          ...headers,
          etag,
          modified: version.createdAt,
          isPublic: dataset.isPublic,
        }).then((streamed) => ({
          ...streamed,
          open: openedOrGone(ctx, version.id, streamed.open),
        }))
  ).catch(async (error: unknown) => {
    throw await goneOr(ctx, version.id, error);
  });
  const revalidated = !link && notModified(input.conditions, etag, version.createdAt);
  if (input.count && !revalidated) await countDownload(ctx, dataset.id, version.id, who);
  return download;
}
