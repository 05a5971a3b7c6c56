import firstLoad from './index.ts';
import users from './users.json';
import reading from './reading.json';
import oauth from './oauth.json';
import debug from './debug.json';
import home from './home.json';
import sql from './sql.json';
import webhooks from './webhooks.json';
import notifications from './notifications.json';
import changes from './changes.json';
import discussions from './discussions.json';
import patches from './patches.json';
import proposals from './proposals.json';

/**
 * Every zh-CN area: the server's dictionary and the type of every key. To add an area: add its
 * JSON file in both locales and a line here (and in index.ts when every page's islands use it).
 */
export default {
  ...firstLoad,
  users,
  reading,
  oauth,
  debug,
  home,
  sql,
  webhooks,
  notifications,
  changes,
  discussions,
  patches,
  proposals,
};
