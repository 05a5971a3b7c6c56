import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createBrotliCompress, createGzip, constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { DUCKDB_ASSET_PATH, DUCKDB_FILES } from '../../lib/sql-console.ts';
import { negotiateEncoding, PREBUILT } from '../lib/content-encoding.ts';

const TYPES: Record<string, string> = {
  '.wasm': 'application/wasm',
  '.js': 'text/javascript; charset=utf-8',
};

/**
 * The SQL console's DuckDB-WASM files (`DUCKDB_FILES`), served by Sheaf itself from the
 * installed package: streamed from disk (the module is tens of megabytes, so it is not kept in
 * memory), compressed as the browser accepts, cached by the browser for a day with an ETag of the
 * package version. Nothing else under the package can be reached.
 */
export async function mountDuckdbAssets(app: FastifyInstance): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@duckdb/duckdb-wasm');
  const dist = path.dirname(entry);
  const manifest = JSON.parse(await readFile(path.join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const { version } = manifest;
  app.route({
    method: ['GET', 'HEAD'],
    url: `${DUCKDB_ASSET_PATH}/:file`,
    // The site's files, not the API: kept out of the OpenAPI document.
    schema: { hide: true },
    handler: async (request, reply) => {
      const { file } = request.params as { file: string };
      if (!(DUCKDB_FILES as readonly string[]).includes(file)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      }
      const etag = `"duckdb-wasm-${version}-${file}"`;
      void reply
        .header('etag', etag)
        .header('cache-control', 'public, max-age=86400')
        .header('vary', 'accept-encoding')
        .type(TYPES[path.extname(file)] ?? 'application/octet-stream');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const full = path.join(dist, file);
      const encoding = negotiateEncoding(request.headers['accept-encoding'], PREBUILT);
      if (encoding) {
        void reply.header('content-encoding', encoding);
        const compressor =
          encoding === 'br'
            ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
            : createGzip({ level: 6 });
        return reply.send(createReadStream(full).pipe(compressor));
      }
      void reply.header('content-length', String((await stat(full)).size));
      return reply.send(createReadStream(full));
    },
  });
}
