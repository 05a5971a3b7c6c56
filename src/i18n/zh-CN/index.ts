import common from './common.json';
import auth from './auth.json';
import site from './site.json';
import datasets from './datasets.json';
import community from './community.json';
import viewer from './viewer.json';
import errors from './errors.json';

/**
 * The zh-CN areas a browser loads with every page, as one chunk (src/i18n/areas.ts); all.ts
 * adds the others.
 */
export default { common, auth, site, datasets, community, viewer, errors };
