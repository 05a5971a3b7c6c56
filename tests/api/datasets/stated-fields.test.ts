import { describe, expect, it } from 'vitest';
import type { Dataset } from '../../../src/contracts/datasets.ts';
import { licenseUrl } from '../../../src/contracts/limits.ts';
import { STATED_FIELDS } from '../../../src/server/services/datasets/rows.ts';
import { createDataset, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * Every field of STATED_FIELDS round-trips: create → read → PUT → read → fork → Croissant. A
 * field added to the list without a sample here fails the first test; a field whose wire name
 * and column are not both wired fails the others (the step of docs/architecture.md's recipe
 * "Adding a dataset field, end to end" that proves it).
 */
type Sample = {
  /** Sent on create, then by PUT (each different from the default). */
  created: unknown;
  updated: unknown;
  /** How the Croissant document shows the value, or null when it does not carry the field. */
  croissant: { key: string; of: (value: unknown) => unknown } | null;
};
const SAMPLES: Record<string, Sample> = {
  language: {
    created: 'en-US',
    updated: 'ja',
    croissant: { key: 'inLanguage', of: (v) => v },
  },
  license: {
    created: 'CC-BY-4.0',
    updated: 'ODbL-1.0',
    croissant: { key: 'license', of: (v) => licenseUrl(String(v)) },
  },
  citation: {
    created: '@misc{pop, title={城市人口}}',
    updated: 'Wang Fang (2024). City populations.',
    croissant: { key: 'citeAs', of: (v) => v },
  },
  readme: { created: '# 城市人口\n\n第一版', updated: '## 新的说明', croissant: null },
  key_columns: { created: ['城市'], updated: ['城市', 'year'], croissant: null },
};

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');
const fields = Object.keys(STATED_FIELDS);
const valuesOf = (which: 'created' | 'updated') =>
  Object.fromEntries(fields.map((field) => [field, SAMPLES[field]?.[which]]));

const read = async (id: number) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/datasets/${id}`, headers: alice.headers })
  ).json<Record<string, unknown>>();

describe('the stated dataset fields', () => {
  it('each have a sample value here', () => {
    expect(fields.filter((field) => !(field in SAMPLES))).toEqual([]);
  });

  it('are written by create and PUT, read back, and copied by a fork and into Croissant', async () => {
    const created = await createDataset(t, alice, { is_public: true, ...valuesOf('created') });
    expect(created).toMatchObject(valuesOf('created'));
    expect(await read(created.id)).toMatchObject(valuesOf('created'));

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${created.id}`,
      headers: alice.headers,
      payload: valuesOf('updated'),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<Dataset>()).toMatchObject(valuesOf('updated'));
    expect(await read(created.id)).toMatchObject(valuesOf('updated'));

    const fork = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${created.id}/fork`,
      headers: bob.headers,
      payload: {},
    });
    expect(fork.statusCode).toBe(201);
    expect(fork.json<Dataset>()).toMatchObject(valuesOf('updated'));

    const croissant = await t.app.inject({
      method: 'GET',
      url: `/api/v1/datasets/${created.id}/croissant`,
    });
    expect(croissant.statusCode).toBe(200);
    const shown = croissant.json<Record<string, unknown>>();
    for (const field of fields) {
      const how = SAMPLES[field]!.croissant;
      if (how) expect(shown[how.key], field).toEqual(how.of(SAMPLES[field]!.updated));
    }
  });

  it('are kept by a PUT that leaves them out', async () => {
    const created = await createDataset(t, alice, valuesOf('created'));
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/datasets/${created.id}`,
      headers: alice.headers,
      payload: { name: 'Renamed' },
    });
    expect(put.statusCode).toBe(200);
    expect(await read(created.id)).toMatchObject({ name: 'Renamed', ...valuesOf('created') });
  });
});
