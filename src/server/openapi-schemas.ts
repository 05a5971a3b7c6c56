import { z } from 'zod';
import {
  cellSchema,
  datasetSchema,
  datasetSummarySchema,
  datasetVersionSchema,
} from '../contracts/datasets.ts';
import { apiErrorSchema } from '../contracts/errors.ts';
import {
  columnStatsSchema,
  compareRowsSchema,
  tableRowsSchema,
  versionCompareSchema,
  versionStatsSchema,
} from '../contracts/tables.ts';
import { apiTokenSchema } from '../contracts/tokens.ts';
import { fullUserSchema, publicUserSchema } from '../contracts/users.ts';
import { webhookDeliverySchema, webhookSchema } from '../contracts/webhooks.ts';

/**
 * The named schemas of the OpenAPI document (`components.schemas`), referenced by `$ref`
 * wherever a route uses them, so generated clients get one `Dataset` type instead of dozens of
 * inline copies. Imported once by the app, before any route is registered.
 */
const NAMED: [z.ZodType, string][] = [
  [apiErrorSchema, 'Error'],
  [fullUserSchema, 'User'],
  [publicUserSchema, 'PublicUser'],
  [datasetSummarySchema, 'DatasetSummary'],
  [datasetSchema, 'Dataset'],
  [datasetVersionSchema, 'DatasetVersion'],
  [cellSchema, 'Cell'],
  [tableRowsSchema, 'TableRows'],
  [columnStatsSchema, 'ColumnStats'],
  [versionStatsSchema, 'VersionStats'],
  [versionCompareSchema, 'VersionCompare'],
  [compareRowsSchema, 'CompareRows'],
  [apiTokenSchema, 'ApiToken'],
  [webhookSchema, 'Webhook'],
  [webhookDeliverySchema, 'WebhookDelivery'],
];

for (const [schema, id] of NAMED) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
}
