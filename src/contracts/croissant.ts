import { z } from 'zod';

/** What a Croissant document declares it conforms to. */
export const CROISSANT_CONFORMS_TO = 'http://mlcommons.org/croissant/1.0';

/** Google Dataset Search wants a description of 50–5000 characters. */
export const DATASET_DESCRIPTION_MIN = 50;

const node = z.record(z.string(), z.unknown());

/**
 * GET /datasets/{id}/croissant: one JSON-LD document that is a schema.org Dataset (as Google
 * Dataset Search reads it) and a Croissant 1.0 description (as ML tools load it). Only the
 * top-level shape is fixed here; see docs/seo.md for every property.
 */
export const croissantDocumentSchema = z
  .looseObject({
    '@context': node,
    '@type': z.literal('sc:Dataset'),
    conformsTo: z.literal(CROISSANT_CONFORMS_TO),
    name: z.string(),
    description: z.string(),
    url: z.string(),
    identifier: z.string(),
    creator: node,
    datePublished: z.string(),
    dateModified: z.string(),
    keywords: z.array(z.string()),
    inLanguage: z.string(),
    isAccessibleForFree: z.boolean(),
    version: z.string(),
    license: z
      .string()
      .describe('The SPDX page of the licence, or a sentence saying that none was stated'),
    citeAs: z
      .string()
      .describe('How to cite the dataset: as its publisher wrote it, else made from its metadata'),
    variableMeasured: z.array(node),
    distribution: z
      .array(node)
      .describe('One cr:FileObject (also a DataDownload) per format, Parquet first'),
    recordSet: z
      .array(node)
      .describe("One cr:RecordSet: the latest version's columns, read from its Parquet file"),
  })
  .describe('schema.org Dataset and Croissant 1.0 (JSON-LD)');

export type CroissantDocument = z.infer<typeof croissantDocumentSchema>;
