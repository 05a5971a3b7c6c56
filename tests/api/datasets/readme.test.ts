import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetListResponse } from '../../../src/contracts/datasets.ts';
import { README_MAX_BYTES } from '../../../src/contracts/limits.ts';
import { createDataset, type TestUser, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');

const CARD = [
  '# 城市人口',
  '',
  'Collected from the **2020 census**. See [the source](https://example.org/census).',
  '',
  '| 列 | 含义 |',
  '| --- | --- |',
  '| city | 城市 |',
  '',
  '<script>alert("card")</script>',
  '',
  '[bad](javascript:alert(1)) <img src=x onerror=alert(1)>',
].join('\n');

const detail = async (id: number, user?: TestUser) =>
  t.app.inject({ method: 'GET', url: `/api/v1/datasets/${id}`, headers: user?.headers ?? {} });

describe('the dataset card (readme)', () => {
  it('is kept as written, shown in the detail, left out of lists, and empty by default', async () => {
    const carded = await createDataset(t, alice, { name: 'Carded', readme: CARD });
    expect(carded.readme).toBe(CARD);
    expect((await detail(carded.id)).json<Dataset>().readme).toBe(CARD);
    expect((await createDataset(t, alice, { name: 'Plain' })).readme).toBe('');

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/datasets' });
    const summary = list.json<DatasetListResponse>().datasets.find((d) => d.id === carded.id);
    expect(summary).toBeDefined();
    expect(summary).not.toHaveProperty('readme');
  });

  it('renders on the dataset page as safe HTML: markup shown as text, bad links dropped', async () => {
    const { id } = await createDataset(t, alice, { name: 'Rendered', readme: CARD });
    const page = await t.site.datasets.page(id);
    const html = page!.readmeHtml;
    expect(html).toContain('<h3>城市人口</h3>');
    expect(html).toContain('<strong>2020 census</strong>');
    expect(html).toContain(
      '<a rel="nofollow ugc noopener" href="https://example.org/census">the source</a>',
    );
    expect(html).toContain('<th>含义</th>');
    expect(html).toContain('&lt;script&gt;alert(&quot;card&quot;)&lt;/script&gt;');
    expect(html).toContain('bad &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toMatch(/<script|<img|javascript:/);
    const plain = await createDataset(t, alice, { name: 'No card' });
    expect((await t.site.datasets.page(plain.id))!.readmeHtml).toBe('');
  });

  it('is changed by PUT, refused past 64 KB with the limit, and copied by a fork', async () => {
    const d = await createDataset(t, alice, { name: 'Editable', is_public: true });
    const put = (readme: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/datasets/${d.id}`,
        headers: alice.headers,
        payload: { readme },
      });
    expect((await put('## 新的说明')).json<Dataset>().readme).toBe('## 新的说明');

    // 22,000 three-byte characters: within the character limits of other fields, over 64 KB.
    const tooLong = await put('数'.repeat(22_000));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toContain(`${README_MAX_BYTES} bytes`);
    expect((await detail(d.id)).json<Dataset>().readme).toBe('## 新的说明');
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/v1/datasets',
      headers: alice.headers,
      payload: {
        name: 'Too long',
        readme: 'x'.repeat(README_MAX_BYTES + 1),
        attributes: ['a'],
        entries: [[1]],
      },
    });
    expect(create.statusCode).toBe(400);

    const fork = await t.app.inject({
      method: 'POST',
      url: `/api/v1/datasets/${d.id}/fork`,
      headers: bob.headers,
      payload: {},
    });
    expect(fork.statusCode).toBe(201);
    expect(fork.json<Dataset>().readme).toBe('## 新的说明');
  });

  it('of a private dataset is seen by its owner only', async () => {
    const hidden = await createDataset(t, alice, {
      name: 'Hidden',
      is_public: false,
      readme: 'secret card',
    });
    expect((await detail(hidden.id, alice)).json<Dataset>().readme).toBe('secret card');
    expect((await detail(hidden.id, bob)).statusCode).toBe(404);
    expect(await t.site.datasets.page(hidden.id)).toBeNull();
  });

  it('previews through POST /markdown for a signed-in user, rendered as the page renders it', async () => {
    const preview = (user?: TestUser, markdown: unknown = CARD) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/markdown',
        headers: user?.headers ?? {},
        payload: { markdown },
      });
    expect((await preview()).statusCode).toBe(401);
    const res = await preview(alice);
    expect(res.statusCode).toBe(200);
    const { id } = await createDataset(t, alice, { name: 'Same', readme: CARD });
    expect(res.json<{ html: string }>().html).toBe((await t.site.datasets.page(id))!.readmeHtml);
    expect((await preview(alice, 'x'.repeat(README_MAX_BYTES + 1))).statusCode).toBe(400);
  });
});
