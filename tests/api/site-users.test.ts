import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema.ts';
import { createSiteServices } from '../../src/server/site/services.ts';
import { signUp } from '../support/users.ts';
import { suiteApp } from '../support/api.ts';

const t = suiteApp();

describe('Astro.locals.sheaf.users.profile (the /users/{id} page)', () => {
  it('answers what GET /users/{id}/profile answers', async () => {
    const ada = await signUp(t.app, { username: 'ada_pages' });
    const site = createSiteServices(t.ctx);
    const viaApi = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${ada.user.id}/profile`,
    });
    expect(viaApi.statusCode).toBe(200);
    const profile = await site.users.profile(ada.user.id);
    expect(profile).toEqual(viaApi.json());
    expect(profile?.user.nickname).toBe('ada_pages');
    expect(profile?.user).not.toHaveProperty('email');
  });

  it('answers null for a user that does not exist or is deactivated', async () => {
    const site = createSiteServices(t.ctx);
    expect(await site.users.profile(2_000_000_000)).toBeNull();

    const gone = await signUp(t.app, { username: 'gone_pages' });
    await t.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gone.user.id));
    expect(await site.users.profile(gone.user.id)).toBeNull();
  });
});
