import { licenseUrl } from '../../contracts/limits.ts';
import type { DataPackage } from '../../contracts/datapackage.ts';
import type { Dataset, DatasetVersion } from '../../contracts/datasets.ts';
import { isAttributeType, type AttributeType } from '../../lib/tables/infer.ts';
import { columnDescription } from '../../lib/tables/column-names.ts';
import type { Context } from '../context.ts';
import { ownUrl } from '../config.ts';
import { getDataset } from './datasets/browse.ts';
import { versionNotFound, type ViewerId } from './datasets/rows.ts';
import { downloadDigests, type DownloadDigest } from './download-digests.ts';

/**
 * The CSV download as Sheaf writes it (docs/tables.md, "Downloads"): comma-separated, CRLF, a
 * header row, quotes doubled; nulls are empty fields.
 */
const CSV_DIALECT = {
  delimiter: ',',
  lineTerminator: '\r\n',
  quoteChar: '"',
  doubleQuote: true,
  header: true,
};

type Field = DataPackage['resources'][number]['schema']['fields'][number];

/** A column as a Table Schema field: same type names, datetimes in any ISO 8601 form. */
function fieldOf(name: string, type: AttributeType, description: string | undefined): Field {
  return {
    name,
    type,
    ...(type === 'datetime' ? { format: 'any' } : {}),
    ...(description ? { description } : {}),
  };
}

/** A version's stated column type; text when none is (or an unknown one). */
const typeOf = (type: string | undefined): AttributeType =>
  type !== undefined && isAttributeType(type) ? type : 'string';

type BuildInput = {
  dataset: Dataset;
  version: DatasetVersion;
  csv: DownloadDigest;
  /** PUBLIC_SITE_URL (or ORIGIN_URL), without a trailing slash. */
  siteUrl: string;
};

/** The Data Package of one version (pure: everything it needs is given). */
function buildDataPackage({ dataset, version, csv, siteUrl }: BuildInput): DataPackage {
  const page = `${siteUrl}/datasets/${dataset.id}`;
  const owner = dataset.owner;
  const fork = dataset.forked_from;
  return {
    profile: 'tabular-data-package',
    name: `sheaf-${dataset.id}-v${version.version}`,
    id: page,
    title: dataset.name,
    description: dataset.description,
    version: `${version.version}.0.0`,
    created: version.created_at,
    homepage: page,
    keywords: dataset.tags,
    licenses: dataset.license
      ? [{ name: dataset.license, path: licenseUrl(dataset.license), title: dataset.license }]
      : [],
    contributors: [
      {
        title: owner.nickname || owner.username || 'Unknown User',
        ...(owner.id === 0 ? {} : { path: `${siteUrl}/users/${owner.id}` }),
        role: 'author',
      },
    ],
    sources: fork
      ? [{ title: fork.name, path: `${siteUrl}/datasets/${fork.id}` }]
      : [{ title: 'Sheaf', path: page }],
    resources: [
      {
        profile: 'tabular-data-resource',
        name: 'rows',
        path: `${siteUrl}/api/v1/datasets/${dataset.id}/versions/${version.version}/data.csv`,
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8',
        bytes: csv.bytes,
        hash: `sha256:${csv.sha256}`,
        dialect: CSV_DIALECT,
        schema: {
          fields: version.attributes.map((name) =>
            fieldOf(
              name,
              typeOf(version.attribute_types[name]),
              columnDescription(dataset.column_descriptions, name),
            ),
          ),
          missingValues: [''],
          // The latest version is checked against the key (when it is declared and at every
          // publish since); an older one may predate it.
          ...(dataset.key_columns.length > 0 &&
            version.version === dataset.latest_version && { primaryKey: dataset.key_columns }),
        },
      },
    ],
  };
}

/** GET /datasets/{id}/versions/{version}/datapackage.json, as the viewer may see it. */
export async function versionDataPackage(
  ctx: Context,
  id: number,
  versionNumber: number,
  viewerId: ViewerId,
): Promise<DataPackage> {
  const dataset = await getDataset(ctx, id, viewerId);
  const version = dataset.versions.find((v) => v.version === versionNumber);
  if (!version) throw versionNotFound();
  const { csv } = await downloadDigests(ctx, version.sha256);
  return buildDataPackage({ dataset, version, csv, siteUrl: ownUrl(ctx.config) });
}
