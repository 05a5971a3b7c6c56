import { z } from 'zod';

/**
 * GET /datasets/{id}/versions/{version}/datapackage.json: a Frictionless Tabular Data Package
 * (https://specs.frictionlessdata.io/) of one version — the metadata shape Kaggle, CKAN and the
 * frictionless tools read — whose one resource is the version's CSV download with a Table Schema
 * from the column types, so a reader casts every value to its type instead of guessing (a code
 * `00123` stays text). See docs/datasets.md, "Data Package".
 */
const node = z.record(z.string(), z.unknown());

const tableSchemaFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['string', 'integer', 'number', 'boolean', 'date', 'datetime']),
  format: z.string().optional().describe('`any` for datetimes (with or without a fraction or Z)'),
  description: z.string().optional(),
});

export const dataPackageSchema = z
  .looseObject({
    profile: z.literal('tabular-data-package'),
    name: z.string().describe('Lower-case letters, digits, `-`, `.` and `_`: `sheaf-<id>-v<n>`'),
    id: z.string().describe("The dataset page's address"),
    title: z.string(),
    description: z.string(),
    version: z.string().describe('`<n>.0.0` for version n'),
    created: z.string(),
    homepage: z.string(),
    keywords: z.array(z.string()),
    licenses: z
      .array(z.object({ name: z.string(), path: z.string(), title: z.string() }))
      .describe("The dataset's SPDX licence; empty when none is stated"),
    contributors: z.array(node),
    sources: z.array(node),
    resources: z.array(
      z.looseObject({
        profile: z.literal('tabular-data-resource'),
        name: z.string(),
        path: z.string(),
        format: z.literal('csv'),
        mediatype: z.literal('text/csv'),
        encoding: z.literal('utf-8'),
        bytes: z.number().int(),
        hash: z.string().describe('`sha256:<hex>` of the file the path downloads'),
        dialect: node,
        schema: z.object({
          fields: z.array(tableSchemaFieldSchema),
          missingValues: z.array(z.string()),
          primaryKey: z
            .array(z.string())
            .optional()
            .describe(
              "The dataset's key columns, on its latest version when it declares a key (docs/living-datasets.md)",
            ),
        }),
      }),
    ),
  })
  .describe('Frictionless Tabular Data Package (one CSV resource with its Table Schema)');

export type DataPackage = z.infer<typeof dataPackageSchema>;
