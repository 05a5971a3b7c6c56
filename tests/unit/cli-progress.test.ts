import { afterEach, describe, expect, it, vi } from 'vitest';
import { progress } from '../../src/cli/progress.ts';

const CLEAR = '\x1b[K';

/** A terminal of one line: `\r` goes back to its start, ESC [K clears from the cursor on. */
function terminal() {
  let line = '';
  let cursor = 0;
  const write = (text: string) => {
    for (const part of text.replaceAll(CLEAR, '\0').split(/(\r|\0|\n)/)) {
      if (part === '\r') cursor = 0;
      else if (part === '\0') line = line.slice(0, cursor);
      else if (part === '\n') break;
      else {
        line = line.slice(0, cursor) + part + line.slice(cursor + part.length);
        cursor += part.length;
      }
    }
  };
  return { isTTY: true, write, shown: () => line };
}

afterEach(() => vi.useRealTimers());

describe('the CLI progress line', () => {
  it('shows only the latest figures when they get shorter', () => {
    vi.useFakeTimers();
    const screen = terminal();
    const bar = progress(screen, 'pull', undefined);
    bar.add(1023 * 1024 + 900);
    expect(screen.shown()).toBe('pull 1023.9 KB');
    vi.advanceTimersByTime(200);
    bar.add(200);
    expect(screen.shown()).toBe('pull 1.0 MB');
  });

  it('draws nothing when the output is not a terminal', () => {
    const writes: string[] = [];
    const bar = progress({ isTTY: false, write: (s: string) => writes.push(s) }, 'pull', 10);
    bar.add(10);
    bar.done();
    expect(writes).toEqual([]);
  });
});
