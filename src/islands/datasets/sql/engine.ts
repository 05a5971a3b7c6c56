/**
 * The SQL console's DuckDB and its sources in the browser: the session store
 * (src/stores/sql-console.ts) drives them. DuckDB-WASM itself (duckdb.ts) is imported when the
 * first connection opens.
 */
import { apiBase } from '../../../lib/api/client.ts';
import { getDataset } from '../../../lib/api/datasets.ts';
import { readKey } from '../../../lib/api/sql.ts';
import { API_PREFIX } from '../../../lib/constants.ts';
import type { SqlEngine, SqlSources } from '../../../stores/sql-console.ts';
import type { SqlConnection, SqlResult } from './duckdb.ts';

const duck = () => import('./duckdb.ts');

export const browserEngine: SqlEngine<SqlConnection, SqlResult> = {
  connect: async (url) => (await duck()).connectTo(url),
  columns: async (connection) => (await duck()).describeTable(connection),
  functions: async (connection) => (await duck()).functionNames(connection),
  attach: async (_connection, url) => (await duck()).attachFile(url),
  run: async (connection, statement, signal) => (await duck()).run(connection, statement, signal),
  close: (connection) => connection.close(),
};

/**
 * A public version is read at its download address, as anyone reads it; a private one (its
 * owner's) with a read key, since DuckDB's HTTP reads cannot send the bearer token
 * (docs/tables.md "Private datasets in the console").
 */
export const browserSources: SqlSources = {
  async locate(datasetId, asked) {
    const dataset = await getDataset(datasetId);
    const version = asked ?? dataset.latestVersion;
    if (!dataset.versions.some((v) => v.version === version)) {
      throw new Error(`dataset ${datasetId} has no version ${version}`);
    }
    const api = `${apiBase()}${API_PREFIX}`;
    if (dataset.isPublic) {
      return {
        url: `${api}/datasets/${datasetId}/versions/${version}/download?format=parquet`,
        version,
      };
    }
    return { url: `${api}${(await readKey(datasetId, version)).url}`, version };
  },
};
