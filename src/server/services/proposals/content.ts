import type { TableContent } from '../../../contracts/datasets.ts';
import type { VersionMode } from '../../../contracts/limits.ts';
import type { Context } from '../../context.ts';
import { declaredTypesOf, type DeclaredTypes } from '../../tables/index.ts';
import { validTable, writeValid, type StoredContent } from '../datasets/content.ts';
import { patchOfBody, patchTableWrite } from '../datasets/patches.ts';
import { ingestUpload, parseUpload, type Upload } from '../datasets/uploads.ts';
import type { TableRef } from './sides.ts';

/** A proposal's table as sent: a JSON body, or a streamed upload with its declared types. */
export type ProposedContent = { json: TableContent } | { upload: Upload; types: DeclaredTypes };

/**
 * The write of a proposed table: `latest` with a patch applied (append, upsert, delete: the
 * checks and errors of patch versions), or the whole table sent (replace).
 */
export function proposedWrite(
  ctx: Context,
  latest: TableRef,
  keyColumns: string[],
  mode: VersionMode,
  content: ProposedContent,
): () => Promise<StoredContent> {
  if ('json' in content) {
    if (mode === 'replace') return writeValid(ctx, validTable(ctx, content.json));
    return patchTableWrite(ctx, latest, keyColumns, mode, patchOfBody(content.json));
  }
  const { upload, types } = content;
  if (mode === 'replace') return ingestUpload(ctx, upload, types);
  const rows = async () => ({
    ...(await parseUpload(ctx, upload)),
    attributeTypes: declaredTypesOf(types),
  });
  return patchTableWrite(ctx, latest, keyColumns, mode, rows);
}
