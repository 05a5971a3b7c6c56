import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { datasets, datasetVersions, users } from '../../src/server/db/schema.ts';
import { type TestApp } from '../support/app.ts';
import { createDataset, get, type TestUser, suiteApp, suiteUser } from '../support/api.ts';

/**
 * Descriptions, citations, changelogs and bios written showing nothing before the API stored such
 * text empty: migration 0016 empties them as the write path does, and leaves visible text as it is.
 */
const folder = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));
const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
  entries: { tag: string }[];
};

/** Runs migration 0016's statements again, as the migrator reads them. */
async function migrateBlankText(t: TestApp) {
  const index = journal.entries.findIndex((e) => e.tag === '0016_empty_blank_text');
  const migration = readMigrationFiles({ migrationsFolder: folder })[index];
  expect(migration?.sql.join('')).toContain('blank constant text');
  for (const statement of migration?.sql ?? []) await t.ctx.db.execute(sql.raw(statement));
}

/** Spaces, zero-width and direction marks, Braille blanks, a tag character: nothing shows. */
const INVISIBLE = ' \u200b\u200e\u200f\u2800\u3000\n\u{1d159}\u{e0020}\u3164';
/** Visible text with invisible characters beside it, kept as written. */
const VISIBLE = {
  description: '\u200fمرحبا بالعالم',
  citation: '인구\u3164통계',
  changelog: '👨\u200d👩\u200d👧',
  bio: '\u2813\u2811\u2807\u2807\u2815\u2800\u283a',
};

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');

/** Writes the text fields of `user` and its dataset `id` straight, as before the rule. */
async function writeStraight(user: TestUser, id: number, text: typeof VISIBLE) {
  await t.ctx.db
    .update(datasets)
    .set({ description: text.description, citation: text.citation })
    .where(eq(datasets.id, id));
  await t.ctx.db
    .update(datasetVersions)
    .set({ changelog: text.changelog })
    .where(eq(datasetVersions.datasetId, id));
  await t.ctx.db.update(users).set({ bio: text.bio }).where(eq(users.id, user.id));
}

/** The text fields of `user` and its dataset `id`, as the API answers them. */
async function readBack(user: TestUser, id: number) {
  const dataset = (await get(t, `/datasets/${id}`)).json();
  const profile = (await get(t, '/users/me', user)).json();
  return {
    description: dataset.description,
    citation: dataset.citation,
    changelog: dataset.versions[0].changelog,
    bio: profile.user.bio,
  };
}

describe('migration 0016: free text showing nothing is stored empty', () => {
  it('empties text made only of invisible characters and keeps visible text', async () => {
    const blank = await createDataset(t, alice, { name: 'Blank fields' });
    const shown = await createDataset(t, bob, { name: 'Shown fields' });
    const invisible = { description: INVISIBLE, citation: INVISIBLE, changelog: INVISIBLE };
    await writeStraight(alice, blank.id, { ...invisible, bio: INVISIBLE });
    await writeStraight(bob, shown.id, VISIBLE);

    await migrateBlankText(t);

    expect(await readBack(alice, blank.id)).toEqual({
      description: '',
      citation: '',
      changelog: '',
      bio: '',
    });
    expect(await readBack(bob, shown.id)).toEqual(VISIBLE);
  });
});
