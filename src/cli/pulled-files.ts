/*
 * What `sheaf pull` saves beside the file it downloaded. The version's Data Package goes beside
 * a CSV or TSV file, as `FILE.datapackage.json`: the Table Schema that tells frictionless, CKAN and Kaggle tooling the
 * columns' types (`00123` stays text), its resource the file saved (its name, size and sha256:
 * a TSV file, or a filtered or sorted view, is not the version's CSV the server describes). The
 * other formats carry their types themselves (Parquet) or as JSON values.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { DataPackage } from '../contracts/datapackage.ts';
import type { DownloadFormat } from '../contracts/datasets.ts';
import type { Client } from './client.ts';
import { saveDescriptions } from './columns-file.ts';
import { print, type Io, type PullOptions } from './commands.ts';
import { saveTypes } from './types-file.ts';

const DIALECTS: Partial<Record<DownloadFormat, { delimiter: string; mediatype: string }>> = {
  csv: { delimiter: ',', mediatype: 'text/csv' },
  tsv: { delimiter: '\t', mediatype: 'text/tab-separated-values' },
};

/** Writes the descriptor beside `output`; its name, or null for a format that needs none. */
async function saveDataPackage(
  client: Client,
  pulled: { id: number; version: number; output: string; format: DownloadFormat },
): Promise<string | null> {
  const dialect = DIALECTS[pulled.format];
  if (!dialect) return null;
  const descriptor = await client.json<DataPackage>(
    'GET',
    `/datasets/${pulled.id}/versions/${pulled.version}/datapackage.json`,
  );
  const file = await readFile(pulled.output);
  const hash = `sha256:${createHash('sha256').update(file).digest('hex')}`;
  const resources = descriptor.resources.map((resource) => {
    return {
      ...resource,
      path: path.basename(pulled.output),
      bytes: file.length,
      hash,
      format: pulled.format,
      mediatype: dialect.mediatype,
      dialect: { ...resource.dialect, delimiter: dialect.delimiter },
    };
  });
  const saved = `${pulled.output.replace(/\.gz$/i, '')}.datapackage.json`;
  await writeFile(saved, `${JSON.stringify({ ...descriptor, resources }, null, 2)}\n`);
  return saved;
}

/**
 * Renames a pulled `FILE.part` to `FILE`, drops its ETag, writes the column types beside a text
 * file (`FILE.types.json`, which `sheaf push FILE` declares), the dataset's column descriptions,
 * if any (`FILE.columns.json`, which it sends), and the Data Package of a CSV or TSV file
 * (`FILE.datapackage.json`), and says what was saved.
 */
export async function saved(
  client: Client,
  io: Io,
  o: PullOptions & { id: number },
  pulled: {
    output: string;
    version: number;
    types: Record<string, string> | null;
    descriptions: Record<string, string> | null;
    resumed: boolean;
  },
): Promise<void> {
  const { output, version, types, descriptions, resumed } = pulled;
  await rename(`${output}.part`, output);
  await rm(`${output}.part.etag`, { force: true });
  const typesFile = types ? await saveTypes(output, types) : null;
  const columnsFile = descriptions ? await saveDescriptions(output, descriptions) : null;
  const packageFile = await saveDataPackage(client, { ...o, output, version });
  const bytes = (await stat(output)).size;
  const answer = {
    ...{ file: output, bytes, version, format: o.format, resumed },
    ...{ types_file: typesFile, columns_file: columnsFile, datapackage_file: packageFile },
  };
  print(io, o.json, answer, () => [
    `Saved ${output} (${bytes} bytes, v${version}, ${o.format})`,
    ...(typesFile ? [`Column types saved in ${typesFile}`] : []),
    ...(columnsFile ? [`Column descriptions saved in ${columnsFile}`] : []),
    ...(packageFile ? [`Data Package saved in ${packageFile}`] : []),
  ]);
}
