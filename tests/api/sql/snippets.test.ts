import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { UseDataset } from '../../../src/components/datasets/UseDataset.tsx';
import { getT } from '../../../src/i18n/index.ts';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { signUp, type SignedUp } from '../../support/users.ts';
import { caller, datasetAs, newDataset, suiteApp } from '../../support/api.ts';

const t = suiteApp();
const ORIGIN = 'https://sheaf.example';
let owner: SignedUp;

beforeAll(async () => {
  owner = await signUp(t.app);
});

/** The addresses the rendered snippets name, each with the snippet that names it. */
function printedUrls(html: string): [string, string][] {
  const figures = html.split('<figure').slice(1);
  return figures.flatMap((figure) => {
    const tool = /data-snippet="(\w+)"/.exec(figure)?.[1] ?? '?';
    return [...figure.matchAll(/https:\/\/sheaf\.example[^\s"'&<]*/g)].map(
      (m): [string, string] => [tool, m[0]],
    );
  });
}

describe('"Use this dataset" snippets', () => {
  it('name version-pinned addresses that download the version they name, in both locales', async () => {
    const dataset = await newDataset(t, owner);
    const v2 = await caller(t)('POST', `/datasets/${dataset.id}/versions`, owner, {
      attributes: ['city', 'rain_mm'],
      entries: [['Chengdu', 900]],
    });
    expect(v2.statusCode).toBe(201);
    const detail = (await datasetAs(t, dataset.id)).json<{
      versions: { version: number; sha256: string }[];
    }>();
    const sha = (v: number) => detail.versions.find((x) => x.version === v)?.sha256;

    for (const locale of LOCALES) {
      const html = renderToStaticMarkup(
        createElement(UseDataset, {
          origin: ORIGIN,
          datasetId: dataset.id,
          version: 1,
          t: getT(locale),
        }),
      );
      expect(html).toContain(getT(locale)('sql:use.heading'));
      const urls = printedUrls(html);
      const tools = new Set(urls.map(([tool]) => tool));
      expect([...tools]).toEqual([
        'pandas',
        'polars',
        'duckdbPython',
        'duckdbCli',
        'r',
        'curl',
        'cli',
      ]);
      for (const [tool, url] of urls) {
        if (url === ORIGIN) continue; // the CLI's SHEAF_API
        expect(url, tool).toMatch(`/api/v1/datasets/${dataset.id}/versions/1/data.`);
        const res = await t.app.inject({ method: 'GET', url: url.slice(ORIGIN.length) });
        expect(res.statusCode, `${tool} ${url}`).toBe(200);
        // The file is version 1's: its ETag names that version's table, not the latest one's.
        expect(res.headers.etag, tool).toContain(sha(1));
        expect(res.headers.etag, tool).not.toContain(sha(2));
        if (url.endsWith('.csv')) {
          expect(res.body).toContain('Beijing');
          expect(res.body).not.toContain('Chengdu');
        }
      }
    }
  });
});
