/**
 * Whether an `If-None-Match` header names `etag` (RFC 9110 §13.1.2): `*` matches any; weak
 * tags compare equal to strong ones.
 */
function matchesEtag(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** The three forms of an HTTP-date (RFC 9110 §5.6.7): IMF-fixdate, RFC 850, asctime. */
const HTTP_DATES = [
  new RegExp(`^${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT$`),
  new RegExp(`^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT$`),
  new RegExp(`^${DAY} ${MONTH} [ \\d]\\d ${TIME} \\d{4}$`),
];

/** The time an HTTP-date names, in whole seconds; undefined for anything else. */
function httpDateSeconds(text: string): number | undefined {
  const value = text.trim();
  const form = HTTP_DATES.findIndex((pattern) => pattern.test(value));
  if (form < 0) return undefined;
  // asctime carries no zone: it is GMT, as the other two say.
  const time = Date.parse(form === 2 ? `${value} GMT` : value);
  return Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}

/** A request's validators: `If-None-Match` and `If-Modified-Since`. */
export type Conditions = { ifNoneMatch?: string | undefined; ifModifiedSince?: string | undefined };

/**
 * Whether a GET or HEAD of a representation with `etag`, last modified at `modified`, is answered
 * 304 (RFC 9110 §13.2.2): when `If-None-Match` is sent, it alone decides (it names the tag);
 * otherwise `If-Modified-Since` does, when it is a valid HTTP-date at or after `modified` (to the
 * second, as `Last-Modified` is written). A date that is not an HTTP-date is ignored.
 */
export function notModified(conditions: Conditions, etag: string, modified: Date): boolean {
  if (conditions.ifNoneMatch !== undefined) return matchesEtag(conditions.ifNoneMatch, etag);
  if (conditions.ifModifiedSince === undefined) return false;
  const since = httpDateSeconds(conditions.ifModifiedSince);
  return since !== undefined && Math.floor(modified.getTime() / 1000) <= since;
}

/**
 * Whether an `If-Range` header (RFC 9110 §13.1.5) names the representation, so that its `Range`
 * is served: the entity tag compared strongly, or an HTTP-date equal to `Last-Modified` (to the
 * second; a version's bytes never change once published, so its date is a strong validator).
 */
export function matchesIfRange(header: string, etag: string, modified: Date): boolean {
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return httpDateSeconds(value) === Math.floor(modified.getTime() / 1000);
}
