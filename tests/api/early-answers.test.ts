import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { suiteApp, suiteUser } from '../support/api.ts';
import { rawUpload, type RawAnswer } from '../support/raw-upload.ts';

// An answer sent before the request's body was read whole (a streamed upload refused at its
// header row) says `Connection: close` and the connection ends: the client gets the answer at
// once, whether it reads while sending or only after (docs/reliability.md, "Early answers").

const t = suiteApp({ MAX_COLUMNS: '3' });
const alice = suiteUser(t, 'alice');
let port: number;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

const head = (type: string) =>
  [
    'POST /api/v1/datasets?name=early HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: ${alice.auth.authorization}`,
    `Content-Type: ${type}`,
  ].join('\r\n');

/** Status line and headers (lower-cased names), and the JSON body. */
function parse(answer: RawAnswer) {
  const [top = '', body = ''] = answer.text.split('\r\n\r\n');
  const [status, ...lines] = top.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [
      l.slice(0, l.indexOf(':')).toLowerCase(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]),
  );
  return { status, headers, body: JSON.parse(body) as unknown };
}

describe('an answer before the body was read whole', () => {
  it('a client that sends its whole body before reading gets the answer, and the connection ends', async () => {
    const answer = await rawUpload({
      port,
      head: head('text/csv'),
      start: 'a,b,c,d\n',
      size: 4 * 1024 * 1024,
      filler: '1,2,3,4\n',
      mode: 'whole',
    });
    const { status, headers, body } = parse(answer);
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(headers['connection']).toBe('close');
    expect(body).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { errors: [{ code: 'TOO_MANY_COLUMNS' }] },
    });
    // It could send all of it: the server read it, and dropped it.
    expect(answer.sent).toBe(4 * 1024 * 1024);
  });

  it('a client that reads while it sends a long body gets the whole answer; the server stops reading', async () => {
    const size = 64 * 1024 * 1024;
    const answer = await rawUpload({
      port,
      head: head('text/csv'),
      start: 'a,b\n',
      size,
      filler: 'x',
      mode: 'reading',
    });
    const { status, headers, body } = parse(answer);
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    expect(headers['connection']).toBe('close');
    expect(body).toMatchObject({ details: { errors: [{ code: 'ROW_TOO_LARGE' }] } });
    // The rest of the 64 MB was not waited for.
    expect(answer.sent).toBeLessThan(size);
  });

  it('a form whose fields fail, answered at its file, ends the same way', async () => {
    const answer = await rawUpload({
      port,
      head: head('multipart/form-data; boundary=XX').replace('?name=early', ''),
      start:
        '--XX\r\nContent-Disposition: form-data; name="file"; filename="t.csv"\r\nContent-Type: text/csv\r\n\r\na,b\n',
      size: 4 * 1024 * 1024,
      filler: '1,2\n',
      mode: 'whole',
    });
    const { status, headers, body } = parse(answer);
    expect(status).toBe('HTTP/1.1 400 Bad Request');
    expect(headers['connection']).toBe('close');
    expect(body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
