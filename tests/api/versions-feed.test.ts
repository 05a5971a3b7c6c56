import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../src/i18n/locales.ts';
import { versionsFeed } from '../../src/lib/versions-feed.ts';
import { createSiteServices } from '../../src/server/site/services.ts';
import { caller, createDataset, setPublic, suiteApp, suiteUser } from '../support/api.ts';

/**
 * A dataset's Atom feed of versions (docs/living-datasets.md, "Versions feed"), as the server
 * renders it, read by a strict XML parser.
 */
const t = suiteApp();
const alice = suiteUser(t, 'atom_alice');
const call = caller(t);

const feed = (id: number | string, locale: Locale) =>
  versionsFeed(createSiteServices(t.ctx), locale, String(id), new URL('https://sheaf.example'));

type Entry = { id: string; title: string; updated: string; content: { '#text': string } };
type Atom = {
  feed: {
    '@_xmlns': string;
    '@_xml:lang': string;
    id: string;
    title: string;
    updated: string;
    author: { name: string };
    link: { '@_rel': string; '@_href': string }[];
    entry: Entry[];
  };
};

/** The feed's XML, checked well-formed, as objects (every entry a list item). */
async function parsed(id: number, locale: Locale): Promise<Atom> {
  const res = await feed(id, locale);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const xml = await res.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => name === 'entry' || name === 'link',
    parseTagValue: false,
  });
  return parser.parse(xml) as Atom;
}

async function publishedTwice() {
  const d = await createDataset(t, alice, {
    name: 'Prices <&> "quotes"',
    attributes: ['item', 'price'],
    entries: [
      ['tea', 3],
      ['rice', 2],
    ],
  });
  const res = await call('POST', `/datasets/${d.id}/versions`, alice, {
    attributes: ['item', 'price'],
    attribute_types: { price: 'string' },
    entries: [
      ['tea', '3'],
      ['rice', '2'],
      ['salt', '1'],
    ],
    changelog: 'Salt & more',
  });
  expect(res.statusCode).toBe(201);
  return d.id;
}

describe('GET /datasets/{id}/versions.atom', () => {
  it('is a valid Atom feed of the versions, newest first, with what changed (English)', async () => {
    const id = await publishedTwice();
    const { feed: atom } = await parsed(id, 'en-US');
    expect(atom['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(atom['@_xml:lang']).toBe('en-US');
    expect(atom.title).toBe('Versions of Prices <&> "quotes"');
    expect(atom.id).toBe(`https://sheaf.example/en-US/datasets/${id}/versions.atom`);
    expect(atom.author.name).toBe('atom_alice');
    expect(new Date(atom.updated).getTime()).not.toBeNaN();
    expect(atom.link.find((l) => l['@_rel'] === 'alternate')?.['@_href']).toBe(
      `https://sheaf.example/en-US/datasets/${id}`,
    );
    expect(atom.entry.map((e) => e.title)).toEqual([
      'v2: +1 row, column `price` retyped',
      'v1: +2 rows, columns `item`, `price` added',
    ]);
    expect(atom.entry[0]!.content['#text']).toContain('Salt & more');
    expect(atom.entry[0]!.id).toBe(`https://sheaf.example/en-US/datasets/${id}?tab=versions&v=2`);
  });

  it('speaks Chinese at the default address', async () => {
    const id = await publishedTwice();
    const { feed: atom } = await parsed(id, 'zh-CN');
    expect(atom['@_xml:lang']).toBe('zh-CN');
    expect(atom.title).toBe('Prices <&> "quotes" 的版本');
    expect(atom.id).toBe(`https://sheaf.example/datasets/${id}/versions.atom`);
    expect(atom.entry[0]!.title).toBe('v2：新增 1 行，列 `price` 类型改变');
  });

  it('is 404 for a private dataset, and for an id that is not one', async () => {
    const id = await publishedTwice();
    await setPublic(t, alice, id, false);
    expect((await feed(id, 'en-US')).status).toBe(404);
    expect((await feed(id, 'zh-CN')).status).toBe(404);
    expect((await feed('x1', 'zh-CN')).status).toBe(404);
    expect((await feed(999999, 'zh-CN')).status).toBe(404);
  });
});
