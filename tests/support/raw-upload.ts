/**
 * A client on a plain socket that sends one request with a large body and reads the answer, as
 * curl or Python's `requests` do: the answer as text once the server closed the connection, and
 * how many body bytes the client managed to hand over before that.
 */
import { connect } from 'node:net';

export type RawAnswer = {
  /** Status line, headers and body as received. */
  text: string;
  /** Body bytes written before the server closed the connection (or all of them). */
  sent: number;
};

type Upload = {
  port: number;
  /** The request line and headers, without the blank line after them; Content-Length is added. */
  head: string;
  /** The first bytes of the body, then `size` bytes in all (the rest filled with `filler`). */
  start: string;
  size: number;
  filler: string;
  /** `whole`: write the entire body before reading a byte; `reading`: read as it goes. */
  mode: 'whole' | 'reading';
};

const CHUNK = 64 * 1024;

export function rawUpload({ port, head, start, size, filler, mode }: Upload): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    let closed = false;
    if (mode === 'whole') socket.pause();
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // A server that closes while the body is still coming may reset the connection: what the
    // client read before that is its answer.
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      resolve({ text: Buffer.concat(received).toString(), sent });
    });
    const piece = Buffer.from(filler.repeat(Math.ceil(CHUNK / filler.length)).slice(0, CHUNK));
    const writeMore = () => {
      while (!closed && sent < size) {
        const first = sent === 0 ? Buffer.from(start) : piece;
        const chunk = first.subarray(0, size - sent);
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', writeMore);
      }
      if (!closed && mode === 'whole') socket.resume();
    };
    socket.once('connect', () => {
      socket.write(`${head}\r\nContent-Length: ${size}\r\n\r\n`);
      writeMore();
    });
  });
}
