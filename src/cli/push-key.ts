/**
 * `sheaf push`'s `Idempotency-Key` (docs/reliability.md "Publishing twice"): `--key KEY`, else a
 * new one. A push that got no answer may have published: it says the command that sends it
 * again with its key, which answers what the first one made rather than publishing twice.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_HOURS } from '../contracts/limits.ts';
import { NoAnswer } from './client.ts';
import { shellWord } from './columns-file.ts';

/** The push's key and the header that sends it. */
export function pushKey(given: string | undefined) {
  const key = given ?? randomUUID();
  return { key, headers: { [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: key } };
}

/** The command as typed, with `--key KEY` unless it has it already. */
export function retryCommand(argv: readonly string[], key: string): string {
  const withKey = argv.some((a) => a === '--key' || a.startsWith('--key='))
    ? argv
    : [...argv, '--key', key];
  return ['sheaf', ...withKey].map(shellWord).join(' ');
}

/**
 * The answer of a push: `send`, then its body. When none came (no response, or one cut off), a
 * NoAnswer naming the command that sends the same push again safely.
 */
export async function pushAnswer(
  send: () => Promise<Response>,
  retry: string,
): Promise<{ answer: unknown; replayed: boolean }> {
  try {
    const res = await send();
    return {
      answer: await res.json(),
      replayed: res.headers.get('idempotent-replayed') === 'true',
    };
  } catch (err) {
    if (!(err instanceof NoAnswer) && !(err instanceof TypeError)) throw err;
    throw new NoAnswer(
      `${err.message}\nThe push may have been published. Within ${IDEMPOTENCY_KEY_HOURS} hours, this sends it again without publishing it twice:\n  ${retry}`,
    );
  }
}
