/**
 * A plain static file host for the split deployment of docs/deploy.md ("Static host"), as S3
 * website hosting or GitHub Pages behave: files from one folder, `dir/index.html` for `/dir` and
 * `/dir/`, and the folder's 404.html with status 404 for anything else. No proxying, no rules.
 */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** The file for a request path, or null. */
function fileFor(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const file = path.join(root, decoded);
  if (!file.startsWith(root)) return null;
  if (isFile(file)) return file;
  const index = path.join(file, 'index.html');
  return isFile(index) ? index : null;
}

export async function startStaticHost(root: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://static.invalid').pathname;
    const found = req.method === 'GET' || req.method === 'HEAD' ? fileFor(root, pathname) : null;
    const file = found ?? path.join(root, '404.html');
    res.writeHead(found ? 200 : 404, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
