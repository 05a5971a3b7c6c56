/**
 * The address shown under "Contact" on the terms and privacy pages. Set PUBLIC_CONTACT_EMAIL
 * when building; without it, `support@` the host of the site's public URL.
 */
export function contactEmail(site: URL | undefined): string {
  const configured: unknown = import.meta.env['PUBLIC_CONTACT_EMAIL'];
  if (typeof configured === 'string' && configured.includes('@')) return configured;
  return `support@${site?.hostname ?? 'localhost'}`;
}
