import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { DownloadFormat } from '../../../contracts/limits.ts';
import type { RowFilter } from '../../../contracts/row-filters.ts';
import type { Context } from '../../context.ts';
import { datasetVersions } from '../../db/schema.ts';
import { storedColumns } from '../../tables/columns.ts';
import { rowsWhere } from '../../tables/filters.ts';
import { contentTypeOf } from '../../tables/index.ts';
import { writeView } from '../../tables/view-file.ts';
import { headerOf, parquetFile } from '../table-files.ts';
import { contentDisposition, countDownload, type Downloader } from './downloads.ts';
import { checkFilters } from './row-filters.ts';
import { findVisible, versionNotFound, type ViewerId } from './rows.ts';
import { unknownColumn } from './viewer.ts';

/** Which rows a download holds and in which order, as the rows call takes them. */
export type DownloadView = {
  filters?: RowFilter[] | undefined;
  q?: string | undefined;
  sort?: string | undefined;
  order: 'asc' | 'desc';
};

/** Whether a download asks for a view rather than the stored file. */
export const isView = (view: DownloadView) =>
  (view.filters?.length ?? 0) > 0 || (view.q ?? '') !== '' || view.sort !== undefined;

/**
 * A view's file, written whole before it is sent: its length is known, and the table work
 * (bounded like every other) does not wait on the client. `open` streams it once and removes
 * it; `discard` removes it unsent (a HEAD).
 */
export type ViewDownload = {
  contentType: string;
  contentDisposition: string;
  size: number;
  isPublic: boolean;
  open: () => Readable;
  discard: () => Promise<void>;
};

/**
 * GET …/download (and …/data.{format}) with `filters`, `q` or `sort`: exactly the rows the
 * rows call keeps, in its order, in the format asked, rendered as the whole version's download
 * is. Bad filters and unknown sort columns are refused as by the rows call; counted as a
 * download like the stored file.
 */
export async function openViewDownload(
  ctx: Context,
  viewerId: ViewerId,
  who: Downloader,
  input: {
    id: number;
    version: number | 'latest';
    format: DownloadFormat;
    count: boolean;
    view: DownloadView;
  },
): Promise<ViewDownload> {
  const dataset = await findVisible(ctx.db, input.id, viewerId);
  const number = input.version === 'latest' ? dataset.latestVersion : input.version;
  const [row] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, dataset.id), eq(datasetVersions.version, number)));
  if (!row) throw versionNotFound();
  const header = headerOf(row);
  const { view, format } = input;
  if (view.sort !== undefined && !row.attributes.includes(view.sort)) {
    throw unknownColumn(view.sort, 'sort');
  }
  const filters = checkFilters(header, view.filters ?? []);
  const file = await parquetFile(ctx, row.sha256);
  const target = `${ctx.blobs.tempPath()}.${format}`;
  try {
    await ctx.tables.use(async (connection) => {
      const columns = await storedColumns(connection, file, header);
      const where = rowsWhere(columns, { q: view.q, filters });
      const order = { where, sort: view.sort, order: view.order };
      await writeView(connection, { file, columns, header }, order, format, target);
    });
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
  if (input.count) await countDownload(ctx, dataset.id, row.id, who);
  const discard = () => rm(target, { force: true });
  return {
    contentType: format === 'parquet' ? 'application/vnd.apache.parquet' : contentTypeOf(format),
    contentDisposition: contentDisposition(dataset, number, format),
    size: (await stat(target)).size,
    isPublic: dataset.isPublic,
    open: () => {
      const stream = createReadStream(target);
      stream.once('close', () => void discard());
      return stream;
    },
    discard,
  };
}
