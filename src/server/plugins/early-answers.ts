import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';

/** What is still read (and dropped) of a body after its early answer, at most. */
const LINGER_BYTES = 8 * 1024 * 1024;
const LINGER_MS = 3000;

/**
 * Reads and drops the rest of `request`'s body once its answer is on its way, then closes the
 * connection: when the body has all come, when the client closes its side, or past
 * `LINGER_BYTES` or `LINGER_MS`. Closing while the client's bytes are still arriving would make
 * the system reset the connection, and a client that sends its whole body before reading (Python's
 * `requests`) would see "connection reset" instead of the answer; what it sends within the bounds
 * is read first, so it gets the answer.
 */
function lingerThenClose(request: IncomingMessage, socket: Socket): void {
  let drained = false;
  let flushed = false;
  const close = () => {
    if (drained && flushed) socket.destroy();
  };
  const stop = () => {
    drained = true;
    close();
  };
  let read = 0;
  // Whatever was reading the body (a table reader's iterator, the form parser) stops getting it.
  request.unpipe();
  request.removeAllListeners('readable');
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > LINGER_BYTES) stop();
  });
  request.once('end', stop);
  request.resume();
  socket.once('end', stop);
  const timer = setTimeout(stop, LINGER_MS).unref();
  socket.once('close', () => clearTimeout(timer));
  // Node ends a `Connection: close` answer's socket with destroySoon(): its end (FIN) goes after
  // the answer as before, but the socket is destroyed only once the rest was read as above.
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    if (socket.writableFinished) flushed = true;
    else
      socket.once('finish', () => {
        flushed = true;
        close();
      });
    if (request.complete) drained = true;
    close();
  };
}

/** Sockets already set to close (an answer replaced by an error's passes onSend again). */
const closing = new WeakSet<Socket>();

async function closeEarlyAnswers(request: FastifyRequest, reply: FastifyReply) {
  const { raw } = request;
  // Injected requests (tests) have no socket of their own.
  if (raw.complete || !(raw.socket instanceof Socket) || raw.socket.destroyed) return;
  void reply.header('connection', 'close');
  if (closing.has(raw.socket)) return;
  closing.add(raw.socket);
  lingerThenClose(raw, raw.socket);
}

/**
 * An answer sent before its request's body was read whole — a streamed upload refused at its
 * header row (`TOO_MANY_COLUMNS`) or at a row too long (`ROW_TOO_LARGE`), a declared length over
 * the limit, a form whose fields fail — says `Connection: close` and ends the connection, instead
 * of leaving it open while the rest of the body trickles in (docs/reliability.md, "Answers before
 * the body").
 */
export function closeAfterEarlyAnswers(app: FastifyInstance): void {
  app.addHook('onSend', closeEarlyAnswers);
}
