// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { freshBrowserEachTest } from '../support/browser.ts';
import { fakeApi, load, summary, version } from '../support/fake-datasets-api.ts';

freshBrowserEachTest();

/** A stand-in for XMLHttpRequest: reports upload progress in two steps, then answers. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: { status: number; body: unknown } = { status: 201, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void; onload?: () => void } = {};
  onprogress?: () => void;
  onload?: () => void;
  onerror?: () => void;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  abort() {}
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    const total = body instanceof Blob ? body.size : String(body).length;
    queueMicrotask(() => {
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
      progress(Math.floor(total / 2));
      progress(total);
      this.upload.onload?.();
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
    });
  }
}

describe('streamed uploads with progress', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('send the file as the body, the metadata in the query, report progress, clear all caches', async () => {
    const m = await load();
    const api = fakeApi();
    await m.datasets.getDataset(1);
    FakeXhr.answer = { status: 201, body: { ...summary(3), versions: [] } };
    const file = new Blob(['城市,人口\n北京,1\n'], { type: 'text/csv' });
    const seen: number[] = [];
    const dataset = await m.datasets.uploadDataset(
      { name: '人口', isPublic: false, tags: ['a', 'b'] },
      { body: file, format: 'csv' },
      { onProgress: (p) => seen.push(p.loaded / (p.total ?? 1)) },
    );
    expect(dataset.latestVersion).toBe(1);
    expect(seen).toEqual([Math.floor(file.size / 2) / file.size, 1]);
    const xhr = FakeXhr.sent[0]!;
    const url = new URL(xhr.url);
    expect(xhr.method).toBe('POST');
    expect(url.pathname).toBe('/api/v1/datasets');
    expect(url.searchParams.get('name')).toBe('人口');
    expect(url.searchParams.get('is_public')).toBe('false');
    expect(url.searchParams.get('tags')).toBe('a,b');
    expect(xhr.body).toBe(file);
    expect(xhr.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(xhr.headers['authorization']).toBe('Bearer token');
    expect(xhr.withCredentials).toBe(true);
    await m.datasets.getDataset(1);
    expect(api.count('/api/v1/datasets/1')).toBe(2);
  });

  it('declare the types a file is sent with in the query, as JSON text', async () => {
    const m = await load();
    fakeApi();
    FakeXhr.answer = { status: 201, body: version(1, 2) };
    await m.datasets.uploadVersion(1, 'v2', {
      body: new Blob(['zip,n\n02139,1\n']),
      format: 'csv',
      attributeTypes: { zip: 'string', 'Zip Code': 'string' },
    });
    await m.datasets.uploadVersion(1, 'v3', {
      body: new Blob(['zip\n1\n']),
      format: 'csv',
      attributeTypes: {},
    });
    const [declared, none] = FakeXhr.sent.map((xhr) => new URL(xhr.url).searchParams);
    expect(JSON.parse(declared!.get('attribute_types') ?? '')).toEqual({
      zip: 'string',
      'Zip Code': 'string',
    });
    expect(none!.has('attribute_types')).toBe(false);
  });

  it('report a rejected table with the server message, code and problems', async () => {
    const m = await load();
    fakeApi();
    FakeXhr.answer = {
      status: 400,
      body: {
        message: 'Invalid table: Row 2 has 1 value',
        code: 'INVALID_TABLE',
        details: {
          errors: [{ row: 2, column: null, code: 'ROW_LENGTH', message: 'Row 2 has 1 value' }],
        },
      },
    };
    const failure = m.datasets.uploadVersion(1, 'v2', {
      body: new Blob(['a\n1\n']),
      format: 'csv',
    });
    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'INVALID_TABLE',
      message: 'Invalid table: Row 2 has 1 value',
      details: { errors: [{ row: 2, code: 'ROW_LENGTH' }] },
    });
    expect(new URL(FakeXhr.sent[0]!.url).searchParams.get('changelog')).toBe('v2');
  });

  it('JSON bodies go through it when progress is wanted', async () => {
    const m = await load();
    fakeApi();
    FakeXhr.answer = { status: 201, body: version(1, 2) };
    const seen: number[] = [];
    const created = await m.datasets.createVersion(
      1,
      { attributes: ['a'], entries: [[1]] },
      { onProgress: (p) => seen.push(p.loaded) },
    );
    expect(created.version).toBe(2);
    expect(seen.length).toBe(2);
    expect(JSON.parse(String(FakeXhr.sent[0]!.body))).toEqual({
      attributes: ['a'],
      entries: [[1]],
    });
    expect(FakeXhr.sent[0]!.headers['content-type']).toBe('application/json');
  });
});
