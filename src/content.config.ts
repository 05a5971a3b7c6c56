import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { LOCALES } from './i18n/locales.ts';

/**
 * Entries live in `<collection>/<locale>/<slug>.md`. The id is `<locale>/<slug>`, and the
 * folder must match the `locale` in the front matter (a mismatch stops the build).
 */
function localizedGlob(base: string) {
  return glob({
    pattern: '*/*.md',
    base,
    generateId: ({ entry, data }) => {
      const id = entry.replace(/\.md$/, '');
      const folder = id.split('/')[0];
      if (folder !== data['locale']) {
        throw new Error(`${base}/${entry}: front matter says locale "${String(data['locale'])}"`);
      }
      return id;
    },
  });
}

const locale = z.enum(LOCALES);

/** News posts, per locale; a post may exist in one locale only. */
const news = defineCollection({
  loader: localizedGlob('./src/content/news'),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    date: z.coerce.date(),
    locale,
  }),
});

/** The terms of service and the privacy policy, one file per document and locale. */
const legal = defineCollection({
  loader: localizedGlob('./src/content/legal'),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1),
    effective: z.coerce.date(),
    locale,
  }),
});

export const collections = { news, legal };
