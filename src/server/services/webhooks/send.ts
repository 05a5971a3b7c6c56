import { createHmac } from 'node:crypto';
import type { LookupAddress, LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { Target } from './address.ts';

/** Bytes of a receiver's answer read at most; the rest is dropped unread. */
const ANSWER_READ_MAX = 4096;

/** What one attempt came to: the receiver's status, or why there was none. */
export type Outcome = { status: number; error: null } | { status: null; error: string };

/** The value of X-Sheaf-Signature for a body signed with a hook's secret. */
const signatureOf = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** A DNS lookup that answers the address already checked, whatever the name. */
function pinnedLookup(target: Target) {
  return (
    _host: string,
    options: LookupOptions,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

export type Sending = {
  url: URL;
  target: Target;
  secret: string;
  event: string;
  deliveryId: number;
  body: string;
  timeoutMs: number;
  signal: AbortSignal;
};

/**
 * POSTs the body once to the checked address: redirects are not followed (a 3xx is an answer
 * like any other that is not 2xx), the answer's body is read only up to a few kilobytes, and
 * past `timeoutMs` the request is given up.
 */
export function send(s: Sending): Promise<Outcome> {
  const request = s.url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    const req = request(
      s.url,
      {
        method: 'POST',
        agent: false,
        lookup: pinnedLookup(s.target),
        signal: s.signal,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Sheaf-Webhook/1',
          'x-sheaf-event': s.event,
          'x-sheaf-delivery': String(s.deliveryId),
          'x-sheaf-signature': signatureOf(s.secret, s.body),
        },
      },
      (res) => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, error: null });
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > ANSWER_READ_MAX) res.destroy();
        });
        res.on('error', () => undefined);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${s.timeoutMs / 1000} s`)),
      s.timeoutMs,
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      resolve({ status: null, error: err.message });
    });
    req.end(s.body);
  });
}
