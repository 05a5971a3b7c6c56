import common from './common.json';
import auth from './auth.json';
import users from './users.json';
import reading from './reading.json';
import oauth from './oauth.json';
import debug from './debug.json';
import site from './site.json';
import datasets from './datasets.json';
import community from './community.json';
import home from './home.json';
import viewer from './viewer.json';
import sql from './sql.json';
import patches from './patches.json';
import errors from './errors.json';

/** Every area's strings in zh-CN (one chunk per locale in the browser: src/i18n/index.ts). */
export default {
  common,
  auth,
  users,
  reading,
  oauth,
  debug,
  site,
  datasets,
  community,
  home,
  viewer,
  sql,
  patches,
  errors,
};
