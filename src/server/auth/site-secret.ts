import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { siteSecrets } from '../db/schema.ts';

const NAME = 'jwt';

/**
 * The access-token signing secret kept in the database (with DATABASE_URL and no JWT_SECRET):
 * the first process to start creates it, every other one reads the same, so a token issued by
 * one process is accepted by all of them.
 */
export async function loadOrCreateSiteSecret(db: Db): Promise<string> {
  await db
    .insert(siteSecrets)
    .values({ name: NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(siteSecrets).where(eq(siteSecrets.name, NAME));
  if (!row) throw new Error('the site secret could not be stored');
  return row.value;
}
