import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CROISSANT_CONFORMS_TO } from '../../src/contracts/croissant.ts';
import { NO_LICENSE } from '../../src/server/services/croissant.ts';
import type { Dataset } from '../../src/contracts/datasets.ts';
import { users } from '../../src/server/db/schema.ts';
import { addUser, createDataset, get, type TestUser, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');
let site: string;

beforeAll(async () => {
  site = t.ctx.config.siteUrl;
});

/** A table with one column of every type. */
const table = {
  attributes: ['城市', 'population', 'share', 'capital', 'founded', 'updated at'],
  attribute_types: { founded: 'date' },
  entries: [
    ['北京', 21893095, 0.5, true, '1949-10-01', '2024-01-01T08:30:00Z'],
    ['上海, 浦东', 24870895, 1.25, false, null, '2024-02-01 09:00'],
  ],
};
const EXPECTED_TYPES = [
  'sc:Text',
  'sc:Integer',
  'sc:Float',
  'sc:Boolean',
  'sc:Date',
  'sc:DateTime',
];

type Node = Record<string, unknown>;
type Doc = Node & {
  '@context': Node;
  distribution: Node[];
  recordSet: (Node & { field: (Node & { source: Node })[] })[];
  variableMeasured: Node[];
};

const croissant = (id: number, user?: TestUser) => get(t, `/datasets/${id}/croissant`, user);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** GETs an absolute URL on the site through the app, returning the raw bytes. */
async function fetchBytes(url: string, user?: TestUser) {
  expect(url.startsWith(`${site}/api/v1/`)).toBe(true);
  const res = await t.app.inject({
    method: 'GET',
    url: url.slice(site.length),
    headers: user?.headers ?? {},
  });
  return { status: res.statusCode, type: res.headers['content-type'], bytes: res.rawPayload };
}

describe('GET /datasets/{id}/croissant', () => {
  let dataset: Dataset;
  let doc: Doc;

  beforeAll(async () => {
    dataset = await createDataset(t, alice, {
      name: 'China city census',
      description: 'Population of large Chinese cities.',
      language: 'en-US',
      tags: ['census', 'cities'],
      ...table,
    });
    const res = await croissant(dataset.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/ld+json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    doc = res.json<Doc>();
  });

  it("has Google Dataset Search's properties", () => {
    expect(doc['@type']).toBe('sc:Dataset');
    expect(doc['@context']['@vocab']).toBe('https://schema.org/');
    expect(doc['name']).toBe('China city census');
    const description = doc['description'] as string;
    expect(description.startsWith('Population of large Chinese cities. ')).toBe(true);
    expect([...description].length).toBeGreaterThanOrEqual(50);
    expect([...description].length).toBeLessThanOrEqual(5000);
    expect(doc['url']).toBe(`${site}/datasets/${dataset.id}`);
    expect(doc['identifier']).toBe(`${site}/datasets/${dataset.id}`);
    expect(doc['creator']).toEqual({
      '@type': 'Person',
      name: 'alice',
      url: `${site}/users/${alice.id}`,
    });
    expect(doc['datePublished']).toBe(dataset.created_at);
    expect(doc['dateModified']).toBe(dataset.updated_at);
    expect(doc['keywords']).toEqual(['census', 'cities']);
    expect(doc['inLanguage']).toBe('en-US');
    expect(doc['isAccessibleForFree']).toBe(true);
    // No licence stated: said so, no rights invented; a citation made from the metadata.
    expect(doc['license']).toBe(NO_LICENSE);
    expect(doc['citeAs']).toBe(
      `alice (${dataset.created_at.slice(0, 4)}). China city census (version 1) [Data set]. Sheaf. ${site}/datasets/${dataset.id}`,
    );
    expect(doc.variableMeasured).toEqual(
      table.attributes.map((name, i) => ({
        '@type': 'PropertyValue',
        name,
        description: ['string', 'integer', 'number', 'boolean', 'date', 'datetime'][i],
      })),
    );
    expect(doc.distribution.map((d) => [d['@type'], d['encodingFormat']])).toEqual([
      [['cr:FileObject', 'sc:DataDownload'], 'application/x-parquet'],
      [['cr:FileObject', 'sc:DataDownload'], 'text/csv'],
      [['cr:FileObject', 'sc:DataDownload'], 'text/tab-separated-values'],
      [['cr:FileObject', 'sc:DataDownload'], 'application/json'],
      [['cr:FileObject', 'sc:DataDownload'], 'application/jsonlines'],
    ]);
  });

  it("is Croissant 1.0: context, conformsTo, the record set's fields match the columns", () => {
    expect(doc['conformsTo']).toBe(CROISSANT_CONFORMS_TO);
    expect(doc['@context']).toMatchObject({
      '@language': 'en-US',
      cr: 'http://mlcommons.org/croissant/',
      sc: 'https://schema.org/',
      conformsTo: 'dct:conformsTo',
      dct: 'http://purl.org/dc/terms/',
      dataType: { '@id': 'cr:dataType', '@type': '@vocab' },
      field: 'cr:field',
      recordSet: 'cr:recordSet',
      fileObject: 'cr:fileObject',
      extract: 'cr:extract',
      column: 'cr:column',
      source: 'cr:source',
      equivalentProperty: 'cr:equivalentProperty',
      samplingRate: 'cr:samplingRate',
    });
    expect(doc['version']).toBe('1.0.0');
    expect(doc.recordSet).toHaveLength(1);
    const [recordSet] = doc.recordSet;
    expect(recordSet!['@type']).toBe('cr:RecordSet');
    // Every field reads the typed Parquet file, never the CSV (whose types a loader guesses).
    const parquet = doc.distribution.find((d) => d['encodingFormat'] === 'application/x-parquet')!;
    expect(recordSet!.field.map((f) => [f['@type'], f['name'], f['dataType']])).toEqual(
      table.attributes.map((name, i) => ['cr:Field', name, EXPECTED_TYPES[i]]),
    );
    for (const [i, field] of recordSet!.field.entries()) {
      expect(field.source).toEqual({
        fileObject: { '@id': parquet['@id'] },
        extract: { column: table.attributes[i] },
      });
      // Croissant ids may not hold whitespace (the last column's name does).
      expect(field['@id']).not.toMatch(/\s/);
    }
    const ids = [...doc.distribution, recordSet!, ...recordSet!.field].map((n) => n['@id']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('each file object carries the sha256 and size of the bytes its URL downloads', async () => {
    const before = (await get(t, `/datasets/${dataset.id}`)).json<Dataset>().download_count;
    for (const file of doc.distribution) {
      const url = file['contentUrl'] as string;
      expect(url).toMatch(
        new RegExp(
          `^${site}/api/v1/datasets/${dataset.id}/versions/1/data\\.(parquet|csv|tsv|jsonl?)$`,
        ),
      );
      const got = await fetchBytes(url);
      expect(got.status).toBe(200);
      expect(file['sha256']).toBe(sha256(got.bytes));
      expect(file['contentSize']).toBe(`${got.bytes.length} B`);
    }
    expect(doc.distribution.map((d) => d['name'])).toEqual([
      'China city census-v1.parquet',
      'China city census-v1.csv',
      'China city census-v1.tsv',
      'China city census-v1.json',
      'China city census-v1.jsonl',
    ]);
    // Building the document counted no download; the five fetches above counted one.
    const after = (await get(t, `/datasets/${dataset.id}`)).json<Dataset>().download_count;
    expect(after).toBe(before + 1);
  });

  it('describes the latest version after a new one is added', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${dataset.id}/versions`,
      headers: alice.headers,
      payload: { attributes: ['城市', 'rank'], entries: [['广州', 3]], changelog: 'smaller' },
    });
    expect(res.statusCode).toBe(201);
    const next = (await croissant(dataset.id)).json<Doc>();
    expect(next['version']).toBe('2.0.0');
    expect(next.recordSet[0]!.field.map((f) => [f['name'], f['dataType']])).toEqual([
      ['城市', 'sc:Text'],
      ['rank', 'sc:Integer'],
    ]);
    for (const file of next.distribution) {
      const url = file['contentUrl'] as string;
      expect(url).toContain('/versions/2/data.');
      expect(file['sha256']).toBe(sha256((await fetchBytes(url)).bytes));
    }
  });
});

describe('descriptions, owners and languages', () => {
  it('pads a short Chinese description with a Chinese sentence about the table', async () => {
    const d = await createDataset(t, alice, { name: '人口', description: '', ...table });
    const doc = (await croissant(d.id)).json<Doc>();
    const description = doc['description'] as string;
    expect([...description].length).toBeGreaterThanOrEqual(50);
    expect(description).toContain('「人口」');
    expect(description).toContain('2 行、6 列');
    expect(doc['@context']['@language']).toBe('zh-CN');
    expect(doc['inLanguage']).toBe('zh-CN');
  });

  it('pads even the smallest table past 50 characters in English', async () => {
    const d = await createDataset(t, alice, {
      name: 'x',
      language: 'en',
      attributes: ['a'],
      entries: [],
    });
    const description = (await croissant(d.id)).json<Doc>()['description'] as string;
    expect(description.length).toBeGreaterThanOrEqual(50);
    expect(description).toContain('0 rows and 1 column (a)');
  });

  it('keeps a description that is long enough as it is', async () => {
    const text = 'A long enough description of a dataset, well past fifty characters.';
    const d = await createDataset(t, alice, { description: text });
    expect((await croissant(d.id)).json<Doc>()['description']).toBe(text);
  });

  it('names the Unknown User placeholder when the owner is gone', async () => {
    const carol = await addUser(t, 'carol');
    const d = await createDataset(t, carol);
    await t.ctx.db.delete(users).where(eq(users.id, carol.id));
    const doc = (await croissant(d.id)).json<Doc>();
    expect(doc['creator']).toEqual({ '@type': 'Person', name: 'Unknown User' });
  });
});

describe('privacy', () => {
  it('a private dataset is a 404 for guests and other users, and readable by its owner', async () => {
    const d = await createDataset(t, alice, { name: 'Secret', is_public: false });
    for (const user of [undefined, bob]) {
      const res = await croissant(d.id, user);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'DATASET_NOT_FOUND', message: 'Dataset not found' });
    }
    const own = await croissant(d.id, alice);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.json<Doc>()['name']).toBe('Secret');
  });

  it('an unknown dataset is a 404 and a malformed id a 400', async () => {
    expect((await croissant(999_999)).statusCode).toBe(404);
    expect((await get(t, '/datasets/abc/croissant')).statusCode).toBe(400);
  });

  it('is listed in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = res.json<{ paths: Record<string, unknown> }>().paths;
    expect(paths).toHaveProperty(['/api/v1/datasets/{id}/croissant']);
  });
});
