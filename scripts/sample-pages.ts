/**
 * One user with one public dataset, published through the API of a running server (the
 * production server of `npm run budget` and the Lighthouse bench), and the pages people read
 * that show them: the home page, the dataset list, that dataset's page, that user's profile,
 * news and terms (paths without a locale prefix).
 */
export async function seedSamplePages(base: string): Promise<string[]> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const registered = await post('/auth/register', {
    username: 'lighthouse',
    email: 'lighthouse@example.com',
    password: 'correct horse battery',
  });
  const token = String(registered['access_token']);
  const user = registered['user'] as { id: number };
  const dataset = await post(
    '/datasets',
    {
      name: '中国城市人口',
      description: '中国主要城市的常住人口、面积与所在省份（2020 年第七次全国人口普查）。',
      tags: ['人口', '城市', '普查'],
      attributes: ['城市', '省份', '常住人口', '面积（平方公里）'],
      entries: [
        ['北京', '北京', 21893095, 16410.54],
        ['上海', '上海', 24870895, 6340.5],
        ['广州', '广东', 18676605, 7434.4],
        ['深圳', '广东', 17560061, 1997.47],
        ['成都', '四川', 20937757, 14335],
      ],
    },
    token,
  );
  return [
    '/',
    '/datasets',
    `/datasets/${String(dataset['id'])}`,
    `/users/${user.id}`,
    '/news',
    '/terms',
  ];
}
