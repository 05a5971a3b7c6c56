import type zhCN from '../zh-CN/index.ts';
import common from './common.json';
import auth from './auth.json';
import site from './site.json';
import datasets from './datasets.json';
import community from './community.json';
import viewer from './viewer.json';
import errors from './errors.json';

/** The en-US areas a browser loads with every page, as one chunk (see zh-CN/index.ts). */
export default { common, auth, site, datasets, community, viewer, errors } satisfies typeof zhCN;
