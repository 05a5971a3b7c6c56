/**
 * Whether an `If-None-Match` header names `etag` (RFC 9110 §13.1.2): `*` matches any; weak
 * tags compare equal to strong ones.
 */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
