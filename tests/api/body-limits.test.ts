import { describe, expect, it } from 'vitest';
import { suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp({
  MAX_JSON_BODY_MB: '2',
  MAX_GUEST_VALIDATE_MB: '1',
  MAX_UPLOAD_MB: '3',
});
const alice = suiteUser(t, 'alice');
const MB = 1024 * 1024;

/** A table of about `bytes` bytes as JSON. */
const tableOf = (bytes: number) => {
  const cell = 'x'.repeat(1000);
  return JSON.stringify({
    attributes: ['text'],
    entries: Array.from({ length: Math.ceil(bytes / 1006) }, () => [cell]),
  });
};
const validate = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/datasets/validate',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('request body limits', () => {
  it('a guest may validate up to MAX_GUEST_VALIDATE_MB, a signed-in user up to MAX_JSON_BODY_MB', async () => {
    const small = await validate(tableOf(0.5 * MB));
    expect(small.statusCode).toBe(200);
    expect(small.json()).toMatchObject({ is_valid: true });

    const guest = await validate(tableOf(1.5 * MB));
    expect(guest.statusCode).toBe(413);
    expect(guest.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: { limit_bytes: 1 * MB },
    });

    const signedIn = await validate(tableOf(1.5 * MB), alice.headers);
    expect(signedIn.statusCode).toBe(200);

    const tooBig = await validate(tableOf(2.5 * MB), alice.headers);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('a guest body longer than its declared length is cut off at the limit', async () => {
    const body = tableOf(1.5 * MB);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets/validate',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      payload: body,
    });
    expect(res.statusCode).toBe(413);
  });

  it('a streamed upload declaring more than MAX_UPLOAD_MB is refused before it is read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets?name=Huge',
      headers: {
        ...alice.headers,
        'content-type': 'text/csv',
        'content-length': String(1024 ** 4),
      },
      payload: 'a,b\n1,2\n',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The upload is larger than 3 MB',
      details: { limit: 'UPLOAD_TOO_LARGE' },
    });
  });
});
