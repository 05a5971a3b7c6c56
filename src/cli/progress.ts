import { Transform } from 'node:stream';

/** A one-line progress bar on stderr, drawn only when stderr is a terminal. */
export type Progress = { add: (bytes: number) => void; done: () => void };

const size = (bytes: number) =>
  bytes >= 1024 ** 2
    ? `${(bytes / 1024 ** 2).toFixed(1)} MB`
    : bytes >= 1024
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${bytes} B`;

export function progress(
  stream: NodeJS.WriteStream | { isTTY?: boolean; write: (s: string) => unknown },
  label: string,
  total: number | undefined,
  start = 0,
): Progress {
  let seen = start;
  let drawn = 0;
  const draw = () => {
    if (!stream.isTTY) return;
    const width = 30;
    const share = total ? Math.min(1, seen / total) : 0;
    const bar = total ? `[${'#'.repeat(Math.round(share * width)).padEnd(width, '.')}] ` : '';
    const of = total ? ` / ${size(total)} (${Math.round(share * 100)} %)` : '';
    // Back to the line's start, and clear what a longer earlier line left ("1023.9 KB" → "1.0 MB").
    stream.write(`\r${label} ${bar}${size(seen)}${of}\x1b[K`);
  };
  return {
    add: (bytes) => {
      seen += bytes;
      const now = Date.now();
      if (now - drawn > 100) {
        drawn = now;
        draw();
      }
    },
    done: () => {
      draw();
      if (stream.isTTY) stream.write('\n');
    },
  };
}

/** A pass-through stream that adds the bytes flowing through it to a progress bar. */
export const counting = (bar: Progress) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bar.add(chunk.length);
      done(null, chunk);
    },
  });
