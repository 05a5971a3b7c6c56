/** Query parameters that carry a secret: a read key, an OAuth code, a token. */
const SECRET_PARAMS = ['key', 'code', 'token', 'state'];

/** A request's URL as the log writes it: each secret parameter's value replaced by `…`. */
export function urlForLog(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let hidden = false;
  for (const name of SECRET_PARAMS)
    if (params.has(name)) {
      params.set(name, '…');
      hidden = true;
    }
  return hidden ? `${url.slice(0, q)}?${params.toString()}` : url;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * The `req` of every request's log line (Fastify's fields), without the secrets a URL may carry:
 * a read key in `?key=` lets whoever holds it read a private version (docs/tables.md).
 */
export const logSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: urlForLog(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};
