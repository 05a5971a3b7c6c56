import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DownloadFormat } from '../../../contracts/limits.ts';
import { PUBLIC_SHARED_CACHE } from '../../../lib/shared-cache.ts';
import type { Context } from '../../context.ts';
import { openDownload } from '../../services/datasets/downloads.ts';
import {
  isView,
  openViewDownload,
  type DownloadView,
} from '../../services/datasets/view-downloads.ts';
import { sendEntity } from './byte-ranges.ts';
import { downloadViewer } from './read-key.ts';

/**
 * A download of a view (filters, q or sort): the file written for this request, whole (no
 * ranges, no ETag: it is made anew each time), cached like the stored file's download.
 */
async function sendView(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  target: { id: number; version: number | 'latest'; format: DownloadFormat; view: DownloadView },
  viewerId: number | null,
) {
  const head = request.method === 'HEAD';
  const download = await openViewDownload(
    ctx,
    viewerId,
    viewerId === null ? { ip: request.ip } : { userId: viewerId },
    { ...target, count: !head },
  );
  reply
    .header('content-type', download.contentType)
    .header('content-disposition', download.contentDisposition)
    .header('cache-control', download.isPublic ? PUBLIC_SHARED_CACHE : 'private, no-store')
    .header('accept-ranges', 'none')
    .header('content-length', String(download.size));
  if (download.size === 0) {
    await download.discard();
    return reply.send('');
  }
  // HEAD too: Fastify sends its headers and drops the body, which closes (and removes) the file.
  return reply.send(download.open());
}

/**
 * A download's answer: the file (whole, a range or 304), or a link to it (BLOB_REDIRECT); with
 * `filters`, `q` or `sort`, that view of the version (sendView).
 */
export async function answerDownload(
  ctx: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  asked: { id: number; version: number | 'latest'; format: DownloadFormat } & DownloadView & {
      key?: string | undefined;
    },
) {
  const { id, version, format, key: _key, ...view } = asked;
  const target = { id, version, format };
  // A read key (?key=) reads in its holder's name; else the signed-in caller or a guest.
  const viewerId = await downloadViewer(ctx, request, target);
  if (isView(view)) return sendView(ctx, request, reply, { ...target, view }, viewerId);
  const method = request.method === 'HEAD' ? 'HEAD' : 'GET';
  const range = request.headers.range;
  const download = await openDownload(
    ctx,
    viewerId,
    viewerId === null ? { ip: request.ip } : { userId: viewerId },
    {
      ...target,
      method,
      count: method === 'GET' && range === undefined,
      conditions: {
        ifNoneMatch: request.headers['if-none-match'],
        ifModifiedSince: request.headers['if-modified-since'],
      },
    },
  );
  // A link is for this request alone (it expires, and may be a private dataset's).
  if ('location' in download) {
    return reply.header('cache-control', 'private, no-store').redirect(download.location, 302);
  }
  reply
    .header('content-type', download.contentType)
    .header('content-disposition', download.contentDisposition);
  return sendEntity(request, reply, download);
}
