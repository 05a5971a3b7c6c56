/**
 * `sheaf push --dataset ID --append FILE | --upsert FILE | --delete KEYS`: a version sent as a
 * change to the latest one (docs/living-datasets.md "Patch versions").
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dataset } from '../contracts/datasets.ts';
import type { VersionMode } from '../contracts/limits.ts';
import { CliError, EXIT, type Client } from './client.ts';
import type { Values } from './usage.ts';

/** The file a patch push sends, its mode, and what to remove once it is sent. */
export type PatchPush = { file: string; mode: VersionMode; remove: () => Promise<void> };

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const csvCell = (value: string) =>
  /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/**
 * `--delete KEYS`: a file of the key values (CSV, TSV, JSON or JSON Lines with the key's
 * columns), else values separated by commas for a key of one column, written to a CSV file.
 */
async function deleteFile(client: Client, datasetId: number, keys: string): Promise<PatchPush> {
  const nothing = async () => undefined;
  if (existsSync(keys)) return { file: keys, mode: 'delete', remove: nothing };
  const dataset = await client.json<Dataset>('GET', `/datasets/${datasetId}`);
  const [column, ...more] = dataset.key_columns;
  if (column === undefined || more.length > 0) {
    throw new CliError(
      `--delete ${keys}: no such file; values separated by commas need a key of one column (this dataset's key: ${dataset.key_columns.join(', ') || 'none'})`,
      EXIT.usage,
    );
  }
  const values = keys.split(',').map((v) => v.trim());
  const folder = await mkdtemp(path.join(tmpdir(), 'sheaf-delete-'));
  const file = path.join(folder, 'keys.csv');
  await writeFile(file, [column, ...values].map(csvCell).join('\n') + '\n');
  return { file, mode: 'delete', remove: () => rm(folder, { recursive: true, force: true }) };
}

/** The patch the options ask for, or null for a whole-table push. */
export async function patchPush(
  client: Client,
  v: Values,
  userPath: (file: string) => string,
): Promise<PatchPush | null> {
  const asked = (['append', 'upsert', 'delete'] as const).filter((m) => v[m] !== undefined);
  const [mode, other] = asked;
  if (mode === undefined) return null;
  if (other !== undefined) {
    throw new CliError('Give one of --append, --upsert and --delete', EXIT.usage);
  }
  if (v.dataset === undefined) {
    throw new CliError(`--${mode} changes a dataset: give --dataset ID`, EXIT.usage);
  }
  const given = v[mode]!;
  const nothing = async () => undefined;
  if (mode !== 'delete') return { file: userPath(given), mode, remove: nothing };
  const typed = userPath(given);
  return deleteFile(client, Number(v.dataset), existsSync(typed) ? typed : given);
}
