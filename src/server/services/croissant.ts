import { licenseUrl } from '../../contracts/limits.ts';
import {
  CROISSANT_CONFORMS_TO,
  DATASET_DESCRIPTION_MIN,
  type CroissantDocument,
} from '../../contracts/croissant.ts';
import {
  TEXT_DOWNLOAD_FORMATS,
  type Dataset,
  type DatasetVersion,
  type DownloadFormat,
} from '../../contracts/datasets.ts';
import type { Context } from '../context.ts';
import { getDataset } from './datasets/browse.ts';
import { contentDisposition } from './datasets/downloads.ts';
import { versionNotFound, type ViewerId } from './datasets/rows.ts';
import { downloadDigests, type DownloadDigest } from './download-digests.ts';
import { numberFormat } from '../../lib/intl.ts';
import { columnDescription } from '../../lib/tables/column-names.ts';
import { ownUrl } from '../config.ts';

/**
 * The JSON-LD context recommended by Croissant 1.0 (its Appendix 1): schema.org as the default
 * vocabulary, Croissant's terms under `cr:`. `@language` is set per document.
 */
const CONTEXT = {
  '@vocab': 'https://schema.org/',
  sc: 'https://schema.org/',
  cr: 'http://mlcommons.org/croissant/',
  rai: 'http://mlcommons.org/croissant/RAI/',
  dct: 'http://purl.org/dc/terms/',
  citeAs: 'cr:citeAs',
  column: 'cr:column',
  conformsTo: 'dct:conformsTo',
  data: { '@id': 'cr:data', '@type': '@json' },
  dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
  equivalentProperty: 'cr:equivalentProperty',
  examples: { '@id': 'cr:examples', '@type': '@json' },
  extract: 'cr:extract',
  field: 'cr:field',
  fileProperty: 'cr:fileProperty',
  fileObject: 'cr:fileObject',
  fileSet: 'cr:fileSet',
  format: 'cr:format',
  includes: 'cr:includes',
  isLiveDataset: 'cr:isLiveDataset',
  jsonPath: 'cr:jsonPath',
  key: 'cr:key',
  md5: 'cr:md5',
  parentField: 'cr:parentField',
  path: 'cr:path',
  recordSet: 'cr:recordSet',
  references: 'cr:references',
  regex: 'cr:regex',
  repeated: 'cr:repeated',
  replace: 'cr:replace',
  samplingRate: 'cr:samplingRate',
  separator: 'cr:separator',
  source: 'cr:source',
  subField: 'cr:subField',
  transform: 'cr:transform',
} as const;

/** Column types as Croissant data types. */
const DATA_TYPES: Record<string, string> = {
  string: 'sc:Text',
  integer: 'sc:Integer',
  number: 'sc:Float',
  boolean: 'sc:Boolean',
  date: 'sc:Date',
  datetime: 'sc:DateTime',
};

/**
 * The media type each download is described with. JSON Lines is `application/jsonlines`, the
 * value Croissant tools read as JSON Lines (the download itself is sent as application/x-ndjson);
 * Parquet is `application/x-parquet`, the value the reference loader reads Parquet by.
 */
const ENCODING_FORMATS: Record<DownloadFormat, string> = {
  parquet: 'application/x-parquet',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  jsonl: 'application/jsonlines',
};
/** Parquet first: the typed file every field reads its values from. */
const DISTRIBUTED: readonly DownloadFormat[] = ['parquet', ...TEXT_DOWNLOAD_FORMATS];

const fileId = (format: DownloadFormat) => `download-${format}`;
const RECORD_SET_ID = 'rows';
/** Listed by name in a generated description; the rest are counted. */
const COLUMNS_NAMED = 10;

/** The UTF-8 file name a download is saved under (from its Content-Disposition). */
function downloadFileName(dataset: Dataset, version: number, format: DownloadFormat): string {
  const header = contentDisposition(dataset, version, format);
  const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1];
  return encoded ? decodeURIComponent(encoded) : `dataset-${dataset.id}-v${version}.${format}`;
}

/**
 * The dataset's description, padded to Google's minimum of 50 characters with a generated
 * sentence about the table (in Chinese for a Chinese dataset, else in English).
 */
function describeDataset(dataset: Dataset, version: DatasetVersion): string {
  const own = dataset.description.trim();
  if ([...own].length >= DATASET_DESCRIPTION_MIN) return own;
  const { attributes: columns, entries_count: rows } = version;
  const zh = dataset.language.toLowerCase().startsWith('zh');
  const named = columns.slice(0, COLUMNS_NAMED);
  const more = columns.length - named.length;
  const count = numberFormat(zh ? 'zh-CN' : 'en-US');
  const generated = zh
    ? `「${dataset.name}」是发布在 Sheaf 上的一张数据表，共 ${count.format(rows)} 行、${count.format(columns.length)} 列（${named.join('、')}${more > 0 ? `等` : ''}），可免费下载 CSV、JSON 和 JSON Lines 格式的文件。`
    : `${dataset.name} is a table of ${count.format(rows)} ${rows === 1 ? 'row' : 'rows'} and ${count.format(columns.length)} ${columns.length === 1 ? 'column' : 'columns'} (${named.join(', ')}${more > 0 ? `, and ${more} more` : ''}) published on Sheaf, free to download as CSV, JSON or JSON Lines.`;
  return own ? `${own}${zh ? '' : ' '}${generated}` : generated;
}

/** What `license` says of a dataset whose publisher stated none: no rights are granted. */
export const NO_LICENSE = 'No licence stated: the publisher has granted no rights beyond reading';

/** A citation for a dataset whose publisher wrote none: who, when, what, which version, where. */
function citation(dataset: Dataset, version: DatasetVersion, page: string): string {
  const who = dataset.owner.nickname || dataset.owner.username || 'Unknown User';
  const year = version.created_at.slice(0, 4);
  return `${who} (${year}). ${dataset.name} (version ${version.version}) [Data set]. Sheaf. ${page}`;
}

type BuildInput = {
  dataset: Dataset;
  version: DatasetVersion;
  digests: Record<DownloadFormat, DownloadDigest>;
  /** PUBLIC_SITE_URL, without a trailing slash. */
  siteUrl: string;
};

/** The document for a dataset's latest version (pure: everything it needs is given). */
export function buildCroissant({ dataset, version, digests, siteUrl }: BuildInput) {
  const absolute = (path: string) => `${siteUrl}${path}`;
  const page = absolute(`/datasets/${dataset.id}`);
  const owner = dataset.owner;
  const columns = version.attributes.map((name) => ({
    name,
    type: version.attribute_types[name] ?? 'string',
    description: columnDescription(dataset.column_descriptions, name),
  }));
  const distribution = DISTRIBUTED.map((format) => ({
    // Croissant reads the first type; schema.org readers (Google) find DataDownload.
    '@type': ['cr:FileObject', 'sc:DataDownload'],
    '@id': fileId(format),
    name: downloadFileName(dataset, version.version, format),
    contentUrl: absolute(
      `/api/v1/datasets/${dataset.id}/versions/${version.version}/data.${format}`,
    ),
    encodingFormat: ENCODING_FORMATS[format],
    contentSize: `${digests[format].bytes} B`,
    sha256: digests[format].sha256,
  }));
  const recordSet = {
    '@type': 'cr:RecordSet',
    '@id': RECORD_SET_ID,
    name: RECORD_SET_ID,
    field: columns.map((column, i) => ({
      '@type': 'cr:Field',
      // Positional: column names may hold spaces, which Croissant ids may not.
      '@id': `${RECORD_SET_ID}/column-${i + 1}`,
      name: column.name,
      ...(column.description ? { description: column.description } : {}),
      dataType: DATA_TYPES[column.type] ?? 'sc:Text',
      // The typed file: a CSV is read with guessed types (`00123` became 123).
      source: { fileObject: { '@id': fileId('parquet') }, extract: { column: column.name } },
    })),
  };
  return {
    '@context': { '@language': dataset.language, ...CONTEXT },
    '@type': 'sc:Dataset' as const,
    conformsTo: CROISSANT_CONFORMS_TO,
    name: dataset.name,
    description: describeDataset(dataset, version),
    url: page,
    identifier: page,
    creator:
      owner.id === 0
        ? { '@type': 'Person', name: owner.nickname || 'Unknown User' }
        : {
            '@type': 'Person',
            name: owner.nickname || owner.username,
            url: absolute(`/users/${owner.id}`),
          },
    datePublished: dataset.created_at,
    dateModified: dataset.updated_at,
    keywords: dataset.tags,
    inLanguage: dataset.language,
    isAccessibleForFree: true,
    // Versions are whole numbers; each may change the data, so it is a major version.
    version: `${version.version}.0.0`,
    license: dataset.license ? licenseUrl(dataset.license) : NO_LICENSE,
    citeAs: dataset.citation || citation(dataset, version, page),
    includedInDataCatalog: { '@type': 'DataCatalog', name: 'Sheaf', url: absolute('/') },
    variableMeasured: columns.map((column) => ({
      '@type': 'PropertyValue',
      name: column.name,
      description: column.type,
    })),
    distribution,
    recordSet: [recordSet],
  } satisfies CroissantDocument;
}

/**
 * GET /datasets/{id}/croissant: the document for the dataset's latest version, as the viewer
 * may see it (a private dataset is a 404 for everyone but its owner). The first call for a
 * version hashes its three downloads (see download-digests.ts); later calls reuse the digests.
 */
export async function datasetCroissant(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
): Promise<CroissantDocument> {
  const dataset = await getDataset(ctx, id, viewerId);
  const version =
    dataset.versions.find((v) => v.version === dataset.latest_version) ?? dataset.versions[0];
  if (!version) throw versionNotFound();
  const digests = await downloadDigests(ctx, version.sha256);
  return buildCroissant({ dataset, version, digests, siteUrl: ownUrl(ctx.config) });
}
