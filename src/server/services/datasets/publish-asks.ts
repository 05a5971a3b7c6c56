/**
 * What a publish asks for: the fingerprint an `Idempotency-Key` keeps (idempotency.ts), so that
 * the same request sent again is answered with what it made and another one is refused.
 */
import type { VersionMode } from '../../../contracts/limits.ts';
import type { StoredContent } from './content.ts';

const TABLE_FIELDS = new Set(['attributes', 'attribute_types', 'attributes_type', 'entries']);

/** What a publish asks for: its fields, and the stored table's hash and types for its rows. */
export const askedOf = (publish: string, fields: object, stored: StoredContent) => ({
  publish,
  fields: Object.fromEntries(Object.entries(fields).filter(([k]) => !TABLE_FIELDS.has(k))),
  sha256: stored.sha256,
  header: stored.header,
});

/** A new version's fields, as the publish gives them. */
export type VersionFields = {
  changelog: string;
  mode?: VersionMode | undefined;
  /** A patch: the version it was built on. */
  base?: number;
  /** A patch: the sha256 of its rows as checked. */
  patch?: string;
};

/**
 * What a patch asks for: its change (`patch`, the hash of its rows), mode and changelog, not the
 * table it makes nor the version it was built on. Sent again after it was applied, it would make
 * another table from another version, and is still the same request.
 */
export const patchAsked = (fields: VersionFields, datasetId: number) => ({
  publish: 'patch',
  fields: {
    changelog: fields.changelog,
    mode: fields.mode,
    patch: fields.patch,
    dataset: datasetId,
  },
});

/** What a version's publish asks for: a patch's change, or a whole table's fields and content. */
export const versionAsked = (fields: VersionFields, datasetId: number, stored: StoredContent) =>
  fields.patch === undefined
    ? askedOf('version', { ...fields, dataset: datasetId }, stored)
    : patchAsked(fields, datasetId);
