/**
 * What the browser tests of the home page and of structured data share
 * (tests/e2e/home-page.spec.ts, structured-data.spec.ts): the locales, a user's datasets made
 * through the API once per spec file, and a regular-expression escape.
 */
import { type Locale } from '../../src/i18n/locales.ts';
import { test as base } from './fixtures.ts';

export const LOCALES: Locale[] = ['zh-CN', 'en-US'];

export type Seeded = { id: number; name: string };
type Seed = { owner: string; tag: string; public: [Seeded, Seeded]; private: Seeded };

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The fixtures of every browser test and `seeded`, made once for the spec file that calls this. */
export function testWithSeed() {
  let seeding: Promise<Seed> | undefined;
  return base.extend<{ seeded: Seed }>({
    /** A user and their datasets, made through the API once for the whole file: two public, one private. */
    seeded: async ({ createAccount, createDataset, uniqueName }, use) => {
      seeding ??= (async () => {
        const owner = await createAccount({ prefix: 'home' });
        const tag = uniqueName('t');
        const create = async (name: string, isPublic: boolean): Promise<Seeded> => {
          const { id } = await createDataset(owner, {
            name,
            description: '主要城市的人口与面积。',
            is_public: isPublic,
            tags: [tag, 'cities'],
            attributes: ['城市', 'population', 'area km2'],
            entries: [
              ['北京', 21893095, 16410.5],
              ['上海', 24870895, 6340.5],
            ],
          });
          return { id, name };
        };
        const first = await create(uniqueName('Cities A '), true);
        const second = await create(uniqueName('Cities B '), true);
        const hidden = await create(uniqueName('Hidden '), false);
        return { owner: owner.username, tag, public: [first, second], private: hidden };
      })();
      await use(await seeding);
    },
  });
}
