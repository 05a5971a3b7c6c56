/**
 * "Use this dataset": copy-ready code that reads one version of a dataset, each naming the
 * version's own download address (`…/versions/{v}/data.<format>`), so the code keeps reading the
 * same rows after new versions are published.
 */
import type { DownloadFormat } from '../contracts/limits.ts';
import { API_PREFIX } from './constants.ts';

export type SnippetTool = 'pandas' | 'polars' | 'duckdbPython' | 'duckdbCli' | 'r' | 'curl' | 'cli';

export type Snippet = { tool: SnippetTool; language: string; code: string };

type Target = {
  /** Where the site and its API are, without a trailing slash (https://sheaf.example). */
  origin: string;
  datasetId: number;
  version: number;
};

/** The version's download address in `format`, absolute. */
const versionDataUrl = ({ origin, datasetId, version }: Target, format: DownloadFormat) =>
  `${origin}${API_PREFIX}/datasets/${datasetId}/versions/${version}/data.${format}`;

/** Text in double quotes for Python, R and the shells: `\` and `"` escaped. */
const quoted = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/** The snippets of one version, in the order the panel lists them. */
export function datasetSnippets(target: Target): Snippet[] {
  const csv = quoted(versionDataUrl(target, 'csv'));
  const parquet = quoted(versionDataUrl(target, 'parquet'));
  const parquetSql = `'${versionDataUrl(target, 'parquet').replaceAll("'", "''")}'`;
  const file = `dataset-${target.datasetId}-v${target.version}`;
  return [
    { tool: 'pandas', language: 'python', code: `import pandas as pd\n\ndf = pd.read_csv(${csv})` },
    {
      tool: 'polars',
      language: 'python',
      code: `import polars as pl\n\ndf = pl.read_parquet(${parquet})`,
    },
    {
      tool: 'duckdbPython',
      language: 'python',
      code: `import duckdb\n\ndf = duckdb.sql("SELECT * FROM ${parquetSql}").df()`,
    },
    {
      tool: 'duckdbCli',
      language: 'shell',
      code: `duckdb -c "SELECT * FROM ${parquetSql} LIMIT 10"`,
    },
    { tool: 'r', language: 'r', code: `df <- read.csv(${csv})` },
    { tool: 'curl', language: 'shell', code: `curl -fL -o ${file}.csv ${csv}` },
    {
      tool: 'cli',
      language: 'shell',
      code: `# ${versionDataUrl(target, 'csv')}\nSHEAF_API=${quoted(target.origin)} sheaf pull ${target.datasetId} --version ${target.version} --format csv -o ${file}.csv`,
    },
  ];
}
