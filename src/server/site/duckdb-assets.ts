import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createBrotliCompress, createGzip, constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { DUCKDB_ASSET_PATH, DUCKDB_FILES } from '../../lib/sql-console.ts';
import { negotiateEncoding, PREBUILT } from '../lib/content-encoding.ts';
import { duckdbPackage, findDuckdbVariants } from './duckdb-files.ts';
import { isOneOf } from '../../contracts/narrowing.ts';

const TYPES: Record<string, string> = {
  '.wasm': 'application/wasm',
  '.js': 'text/javascript; charset=utf-8',
};

/** Compresses a file as it streams, when the build left no ready-made copy. */
const liveCompressor = (encoding: 'br' | 'gzip') =>
  encoding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    : createGzip({ level: 6 });

/**
 * The SQL console's DuckDB-WASM files (`DUCKDB_FILES`), served by Sheaf itself from the
 * installed package: streamed from disk (the module is tens of megabytes, so it is not kept in
 * memory), in the compressed copy the build made for the browser's encoding (`duckdb-files.ts`;
 * compressed as it streams when there is none), cached by the browser for a day with an ETag of
 * the package version. Nothing else under the package can be reached.
 */
export async function mountDuckdbAssets(app: FastifyInstance, distDir: string): Promise<void> {
  const { dist, version } = await duckdbPackage();
  const variants = await findDuckdbVariants(distDir, version);
  app.route<{ Params: { file: string } }>({
    method: ['GET', 'HEAD'],
    url: `${DUCKDB_ASSET_PATH}/:file`,
    // The site's files, not the API: kept out of the OpenAPI document.
    schema: { hide: true },
    handler: async (request, reply) => {
      const { file } = request.params;
      if (!isOneOf(DUCKDB_FILES, file)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      const etag = `"duckdb-wasm-${version}-${file}"`;
      void reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=86400')
        .header('vary', 'accept-encoding')
        .type(TYPES[path.extname(file)] ?? 'application/octet-stream');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const encoding = negotiateEncoding(request.headers['accept-encoding'], PREBUILT);
      if (!encoding) {
        const full = path.join(dist, file);
        void reply.header('content-length', String((await stat(full)).size));
        return reply.send(createReadStream(full));
      }
      void reply.header('content-encoding', encoding);
      const ready = variants.get(file)?.get(encoding);
      if (!ready)
        return reply.send(createReadStream(path.join(dist, file)).pipe(liveCompressor(encoding)));
      void reply.header('content-length', String(ready.size));
      return reply.send(createReadStream(ready.file));
    },
  });
}
