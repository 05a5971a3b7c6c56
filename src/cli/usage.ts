/**
 * `sheaf`'s usage text and options, and how ids on its command line are read (main.ts runs the
 * commands).
 */
import type { parseArgs } from 'node:util';
import packageJson from '../../package.json' with { type: 'json' };
import { positiveId } from '../contracts/ids.ts';
import { CliError, EXIT } from './client.ts';

/** Sheaf's version, which the CLI's package shares (cli/package.json). */
export const CLI_VERSION = packageJson.version;

export const USAGE = `Usage: sheaf <command> [options]

  login [--token T | --username U --password-stdin [--new-token]]
            store a token for SHEAF_API's site (or pipe one in); with a username, a token
            login made that still works is kept, unless --new-token (the old one is revoked)
  ls [--mine] [--query WORDS] [--limit N]              list datasets
  info ID                                              a dataset, its versions, its column
                                                       descriptions
  push FILE --name NAME [--description D] [--tags a,b] [--language TAG]
            [--license SPDX] [--private] [--changelog C]   publish a .csv/.tsv/.json/.jsonl(.gz)
            [--key-columns a,b]                        declare the dataset's key (unique rows)
  push FILE --dataset ID [--changelog C]               add a version
  push --dataset ID --append FILE | --upsert FILE | --delete KEYS [--changelog C]
            add a version that changes the latest one: rows added at the end, rows replacing
            those with the same key (the others added), or rows removed by key. FILE has the
            latest version's columns; KEYS is a file with the key's columns (.csv, .tsv,
            .json, .jsonl), or values separated by commas when the key is one column
            [--types '{"zip":"string"}']               either: declare column types
                                    (default: FILE.types.json, if pull saved one; '{}' infers all)
            [--columns FILE.columns.json]              set column descriptions
                                    ({"zip":"Postal code"}; default: FILE.columns.json, if there)
            [--key KEY]                                the push's Idempotency-Key (default: new):
                                    the same push sent again with it within 24 hours publishes
                                    nothing new (a push that got no answer prints the command)
  columns ID FILE.columns.json                         set a dataset's column descriptions
                                                       ({"zip":"Postal code"}; others stay)
  pull ID [--version N] [--format csv|tsv|json|jsonl|parquet] [-o FILE]   download (resumes);
            a text format saves the column types beside it in FILE.types.json, and the
            column descriptions, if any, in FILE.columns.json; CSV and TSV their Data
            Package (Table Schema) in FILE.datapackage.json
            [--filter 'loans>1000' ...] [--sort COLUMN [--desc]]   only the rows the filters
                                    keep (COLUMN OP VALUE, OP = != > >= < <=, or a JSON filter
                                    such as '{"column":"city","op":"in","value":["北京"]}'),
                                    in that order (downloaded whole, never resumed)
  whoami                                               the account the token acts for
  logout                                               forget this site's token (one login
                                                       made is revoked)
  search [WORDS] [--tags a,b] [--language TAG] [--license SPDX|none]
         [--sort recent|heat|downloads|score|name] [--limit N]   find public datasets
  edit ID [--name N] [--description D] [--tags a,b] [--language TAG] [--license SPDX]
          [--public | --private] [--key a,b]           change a dataset's details (--key '':
                                                       no key)
  delete ID --yes                                      delete a dataset and all its versions
  rows ID [--version N] [--offset N] [--limit N] [--sort COLUMN [--desc]] [--query TEXT]
            a page of rows, tab-separated (--query: rows whose text contains it)
  stats ID [--version N]                               column statistics
  compare ID FROM TO [--key a,b]                       what changed between two versions, rows
                                                       paired by these columns (default: the
                                                       dataset's key; --key '': whole rows)
  changes ID [--since N]                               what changed in each version after N
                                                       (default 0: every version)
  propose ID FILE --title T [--body MARKDOWN] [--mode append|upsert|delete|replace]
            propose a change to someone else's dataset: FILE (as push takes it) is a patch
            of the latest version, or the whole table (replace, the default)
  proposals ID [--state open|merged|closed|all]        a dataset's proposals, a line each
  --version                                            print the CLI's version

Every command takes --json. Environment: SHEAF_API (default http://localhost:8080),
SHEAF_TOKEN (else the token login stored for the site).`;

export const OPTIONS = {
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
  token: { type: 'string' },
  username: { type: 'string' },
  'password-stdin': { type: 'boolean', default: false },
  'new-token': { type: 'boolean', default: false },
  mine: { type: 'boolean', default: false },
  query: { type: 'string' },
  limit: { type: 'string' },
  name: { type: 'string' },
  dataset: { type: 'string' },
  description: { type: 'string' },
  tags: { type: 'string' },
  language: { type: 'string' },
  license: { type: 'string' },
  private: { type: 'boolean', default: false },
  changelog: { type: 'string' },
  types: { type: 'string' },
  columns: { type: 'string' },
  key: { type: 'string' },
  'key-columns': { type: 'string' },
  append: { type: 'string' },
  upsert: { type: 'string' },
  delete: { type: 'string' },
  version: { type: 'string' },
  format: { type: 'string', default: 'csv' },
  output: { type: 'string', short: 'o' },
  public: { type: 'boolean', default: false },
  yes: { type: 'boolean', default: false },
  offset: { type: 'string' },
  since: { type: 'string' },
  sort: { type: 'string' },
  desc: { type: 'boolean', default: false },
  filter: { type: 'string', multiple: true },
  title: { type: 'string' },
  body: { type: 'string' },
  mode: { type: 'string' },
  state: { type: 'string' },
} as const;

export type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

/** An id or count as the API spells ids: decimal digits only (`12`, never `0xc`, `1.2e1`, `012`). */
export const idOf = (value: string | undefined, what: string): number => {
  const id = positiveId(what).safeParse(value ?? '');
  if (!id.success) throw new CliError(`${what} must be a positive whole number`, EXIT.usage);
  return id.data;
};
