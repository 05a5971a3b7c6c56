/** Runs the `sheaf` command in-process against a test server, as a user whose config is a folder. */
import path from 'node:path';
import { run } from '../../src/cli/main.ts';

export type SheafRun = { code: number; out: string; err: string };

/** `sheaf …` calls `base`; the user's config lives in `config` (default `dir/config`). */
export function sheafAt(base: () => string, dir: () => string) {
  return async (
    args: string[],
    options: { stdin?: string; config?: string; env?: Record<string, string> } = {},
  ): Promise<SheafRun> => {
    const out: string[] = [];
    let err = '';
    const code = await run(args, {
      out: (line) => out.push(line),
      err: { isTTY: false, write: (s: string) => (err += s) },
      env: {
        SHEAF_API: base(),
        SHEAF_CONFIG_DIR: options.config ?? path.join(dir(), 'config'),
        ...options.env,
      },
      stdin: async () => options.stdin ?? '',
    });
    return { code, out: out.join('\n'), err };
  };
}
