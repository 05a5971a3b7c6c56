import path from 'node:path';
import type { Io } from './commands.ts';

/**
 * A file named on the command line, as the user meant it: `npm run sheaf` runs the command in
 * the package's folder and passes the folder it was typed in as INIT_CWD. (Run by any other npm
 * script, or installed, `sheaf` takes paths from its own working folder.)
 */
export const userPath = (io: Io, file: string): string => {
  const typedIn = io.env['npm_lifecycle_event'] === 'sheaf' ? io.env['INIT_CWD'] : undefined;
  return typedIn ? path.resolve(typedIn, file) : file;
};
