/**
 * Fuzz: every operation of the OpenAPI document, as a guest and signed in, with hostile values in
 * each path parameter, query parameter, header parameter (such as `Idempotency-Key`) and JSON
 * body property in turn (NUL, a lone surrogate, huge and negative numbers, 10,000 characters,
 * wrong types, markup and SQL). Every answer must be a 4xx or a success: a 5xx or no answer is a
 * failure.
 */
import { Tally, type Server } from './faults-server.ts';
import type { BenchFigure } from './report.ts';

type Parameter = { name: string; in: string };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

const JUNK: unknown[] = [
  '',
  '\u0000',
  '\ud800',
  -1,
  1e308,
  '99999999999999999999',
  'x'.repeat(10_000),
  [],
  {},
  null,
  true,
  '<script>alert(1)</script>',
  "' or 1=1--",
];
/** What a client can put in a header (no control characters, bytes only). */
const HEADER_JUNK = [
  '',
  ' ',
  'x'.repeat(10_000),
  '\u00e9t\u00e9',
  '99999999999999999999',
  '<script>alert(1)</script>',
  "' or 1=1--",
];
const PATH_JUNK = ['0', '-1', 'abc', '1e99', '99999999999', '%00', '%ED%A0%80', 'x'.repeat(300)];
/** Operations that would end the fuzzing user's session. */
const SKIP = new Set(['post /api/v1/auth/logout']);

/** Percent-encoded, a lone surrogate as the bytes a broken client would send. */
const encode = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

type Request = { url: string; body?: string; headers?: Record<string, string> };

function requests(path: string, method: string, op: Operation): Request[] {
  const out: Request[] = [];
  const plain = path.replace(/\{[^}]+\}/g, '1');
  for (const junk of PATH_JUNK) {
    if (path.includes('{'))
      out.push({ url: path.replace(/\{[^}]+\}/, junk).replace(/\{[^}]+\}/g, '1') });
  }
  for (const p of op.parameters ?? []) {
    if (p.in === 'header') {
      for (const junk of HEADER_JUNK) out.push({ url: plain, headers: { [p.name]: junk } });
    }
    if (p.in !== 'query') continue;
    for (const junk of JUNK) {
      const value = typeof junk === 'string' ? junk : JSON.stringify(junk);
      out.push({ url: `${plain}?${p.name}=${encode(value)}` });
    }
  }
  const properties = op.requestBody?.content?.['application/json']?.schema?.properties;
  if (properties && method !== 'get') {
    for (const name of Object.keys(properties)) {
      for (const junk of JUNK) out.push({ url: plain, body: JSON.stringify({ [name]: junk }) });
    }
    out.push({ url: plain, body: '{"unterminated' }, { url: plain, body: '[]' });
  }
  return out;
}

export async function fuzz(server: Server, auth: Record<string, string>): Promise<BenchFigure[]> {
  const doc = (await (await fetch(`${server.base}/api/v1/openapi.json`)).json()) as Document;
  const tally = new Tally();
  const failures: string[] = [];
  let operations = 0;
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (SKIP.has(`${method} ${path}`)) continue;
      operations++;
      if (process.env['FAULTS_VERBOSE'])
        console.log(`fuzz ${method} ${path} (bench ${process.pid}, server ${server.child.pid})`);
      for (const request of requests(path, method, op)) {
        for (const headers of [{}, auth]) {
          const init: RequestInit = {
            method: method.toUpperCase(),
            headers: {
              ...headers,
              ...request.headers,
              ...(request.body && { 'content-type': 'application/json' }),
            },
            ...(request.body !== undefined && { body: request.body }),
          };
          let status: number | 'network';
          try {
            const res = await fetch(`${server.base}${request.url}`, init);
            await res.arrayBuffer();
            status = res.status;
          } catch {
            status = 'network';
          }
          tally.add(status);
          if (status === 'network' || status >= 500) {
            failures.push(
              `${status} ${init.method} ${request.url.slice(0, 80)} ${request.body?.slice(0, 60) ?? ''}`,
            );
          }
        }
      }
    }
  }
  return [
    {
      label: 'fuzz: requests',
      value: `${tally.total} over ${operations} operations: ${tally.toString()}`,
    },
    {
      label: 'fuzz: 5xx or no answer',
      value: String(tally.failures),
      target: '0',
      ok: tally.failures === 0,
    },
    ...failures.slice(0, 10).map((f, i) => ({ label: `fuzz: failure ${i + 1}`, value: f })),
  ];
}
