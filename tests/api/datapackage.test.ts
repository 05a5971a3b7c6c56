import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Package } from 'datapackage';
import { Table } from 'tableschema';
import { describe, expect, it } from 'vitest';
import type { DataPackage } from '../../src/contracts/datapackage.ts';
import { createDataset, get, setPublic, suiteApp, suiteUser } from '../support/api.ts';
import { tempDirs } from '../support/temp-dirs.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const tempDir = tempDirs('sheaf-datapackage-');

/** A column of every type, a code with leading zeros, an integer past 2^53 and nulls. */
const table = {
  attributes: ['code', 'n', 'share', 'capital', 'founded', 'updated at'],
  attribute_types: { code: 'string', founded: 'date' },
  entries: [
    ['00123', 9007199254740991, 0.5, true, '1949-10-01', '2024-01-01T08:30:00Z'],
    ['00456', null, 2.0, false, null, '2024-02-01T09:00:00.250Z'],
  ],
};

describe('GET /datasets/{id}/versions/{v}/datapackage.json', () => {
  it('is a valid Tabular Data Package whose schema reads the CSV back into its types', async () => {
    const d = await createDataset(t, alice, {
      name: '城市代码',
      license: 'CC-BY-4.0',
      tags: ['codes'],
      column_descriptions: { code: '行政区划代码' },
      ...table,
    });
    const res = await get(t, `/datasets/${d.id}/versions/1/datapackage.json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    const descriptor = res.json<DataPackage>();
    const loaded = await Package.load(descriptor);
    expect(loaded.errors.map((e) => e.message)).toEqual([]);
    expect(loaded.valid).toBe(true);

    const site = t.ctx.config.siteUrl;
    expect(descriptor).toMatchObject({
      name: `sheaf-${d.id}-v1`,
      title: '城市代码',
      version: '1.0.0',
      keywords: ['codes'],
      licenses: [{ name: 'CC-BY-4.0', path: 'https://spdx.org/licenses/CC-BY-4.0.html' }],
      contributors: [{ title: 'alice', path: `${site}/users/${alice.id}`, role: 'author' }],
    });
    const [resource] = descriptor.resources;
    expect(resource!.schema.fields).toEqual([
      { name: 'code', type: 'string', description: '行政区划代码' },
      { name: 'n', type: 'integer' },
      { name: 'share', type: 'number' },
      { name: 'capital', type: 'boolean' },
      { name: 'founded', type: 'date' },
      { name: 'updated at', type: 'datetime', format: 'any' },
    ]);

    // The path downloads the very bytes the hash and size name.
    const csv = await t.app.inject({ url: resource!.path.slice(site.length) });
    expect(csv.statusCode).toBe(200);
    expect(resource!.hash).toBe(
      `sha256:${createHash('sha256').update(csv.rawPayload).digest('hex')}`,
    );
    expect(resource!.bytes).toBe(csv.rawPayload.length);

    // Read with the schema, every value comes back as its type: the codes stay text.
    const file = path.join(tempDir(), 'rows.csv');
    writeFileSync(file, csv.body.replace(/^\uFEFF/, ''));
    const reader = await Table.load(file, { schema: resource!.schema });
    // Its typings call read() synchronous; it returns a promise.
    const rows = await Promise.resolve(reader.read({ keyed: true, cast: true }));
    expect(rows.map((r) => [r['code'], r['n'], r['share'], r['capital']])).toEqual([
      ['00123', 9007199254740991, 0.5, true],
      ['00456', null, 2, false],
    ]);
    expect(rows[0]!['founded']).toBeInstanceOf(Date);
    expect(rows[1]!['founded']).toBeNull();
  });

  it("names the dataset's key as the latest version's primaryKey", async () => {
    const d = await createDataset(t, alice, {
      name: 'Keyed',
      key_columns: ['code'],
      attributes: ['code', 'n'],
      entries: [
        ['00123', 1],
        ['00124', 2],
      ],
    });
    const latest = (
      await get(t, `/datasets/${d.id}/versions/1/datapackage.json`)
    ).json<DataPackage>();
    expect(latest.resources[0]?.schema.primaryKey).toEqual(['code']);
    const plain = await createDataset(t, alice, { name: 'Unkeyed' });
    const none = (
      await get(t, `/datasets/${plain.id}/versions/1/datapackage.json`)
    ).json<DataPackage>();
    expect(none.resources[0]?.schema).not.toHaveProperty('primaryKey');
  });

  it('is private with its dataset, and 404 for a missing version', async () => {
    const d = await createDataset(t, alice, { name: 'Hidden' });
    await setPublic(t, alice, d.id, false);
    expect((await get(t, `/datasets/${d.id}/versions/1/datapackage.json`)).statusCode).toBe(404);
    const own = await get(t, `/datasets/${d.id}/versions/1/datapackage.json`, alice);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect((await get(t, `/datasets/${d.id}/versions/9/datapackage.json`, alice)).statusCode).toBe(
      404,
    );
  });
});
