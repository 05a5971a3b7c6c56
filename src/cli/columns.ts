/**
 * `sheaf columns ID FILE`: sets dataset ID's column descriptions from a columns file (a JSON
 * object, column name → description, as `sheaf pull` saves beside a file); the columns it does
 * not name keep theirs, and an empty description removes one. Nothing is published: it is how a
 * push whose descriptions were not set is finished (columns-file.ts).
 */
import { CliError, EXIT, type Client } from './client.ts';
import { describedLines, describeColumns, readDescriptions } from './columns-file.ts';
import { print, type Io } from './commands.ts';

export async function columns(
  client: Client,
  io: Io,
  id: number,
  file: string | undefined,
  json: boolean,
): Promise<void> {
  if (!file) throw new CliError('columns needs an ID and a FILE.columns.json', EXIT.usage);
  const dataset = await describeColumns(client, id, await readDescriptions(file));
  const latest = dataset.versions.find((v) => v.version === dataset.latest_version);
  print(io, json, dataset, () => [
    `Set the column descriptions of #${dataset.id} "${dataset.name}" from ${file}`,
    ...describedLines(dataset, latest?.attributes ?? []),
  ]);
}
