// @vitest-environment happy-dom
import { act } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_TOKENS_MAX } from '../../src/contracts/limits.ts';
import type { ApiToken, TokenList } from '../../src/contracts/tokens.ts';
import { installFakeFetch, json } from '../support/fake-fetch.ts';
import { wireUser } from '../support/wire.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** When the listed token of each id expires; the others never do. */
let expiry: Record<number, string> = {};

beforeEach(() => {
  expiry = {};
  localStorage.clear();
  document.body.innerHTML = '';
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

const wireToken = (id: number): ApiToken => ({
  id,
  name: `token ${id}`,
  scope: 'read',
  prefix: 'shf_abcd',
  created_at: '2025-01-01T00:00:00.000Z',
  last_used_at: null,
  expires_at: expiry[id] ?? null,
});

/** The tokens panel of a signed-in user who has `total` tokens listed, `live` of them in force. */
async function showPanel(
  locale: 'zh-CN' | 'en-US',
  total: number,
  live: number,
  /** What POST /tokens answers (and how many are then in force). */
  create?: { answer: Response; live: number },
) {
  localStorage.setItem(
    'auth-store',
    JSON.stringify({ user: wireUser, token: 't', tokenExpiresAt: null, isAuthenticated: true }),
  );
  const { requests } = installFakeFetch((r) => {
    if (r.url.pathname === '/api/v1/users/me') return json(200, { user: wireUser });
    if (r.method === 'POST' && create) {
      live = create.live;
      return create.answer;
    }
    const offset = Number(r.url.searchParams.get('offset') ?? 0);
    const limit = 100;
    const ids = Array.from({ length: total }, (_, i) => total - i).slice(offset, offset + limit);
    return json(200, {
      tokens: ids.map(wireToken),
      total,
      offset,
      limit,
      live,
      live_max: LIVE_TOKENS_MAX,
    } satisfies TokenList);
  });
  const { default: TokensPanel } = await import('../../src/islands/TokensPanel.tsx');
  const { initAuth } = await import('../../src/stores/auth.ts');
  render(<TokensPanel locale={locale} />);
  await act(() => initAuth());
  await screen.findByTestId('token-count');
  return requests.filter((r) => r.url.pathname === '/api/v1/tokens');
}

describe('the tokens panel', () => {
  it('lists every token, page after page, and shows how many are in force of how many may be', async () => {
    const asked = await showPanel('en-US', 130, 3);
    expect(asked.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '100']);
    expect(screen.getAllByRole('listitem')).toHaveLength(130);
    expect(screen.getByTestId('token-count').textContent).toBe(
      `Tokens in force: 3 / ${LIVE_TOKENS_MAX}`,
    );
    const create = screen.getByRole('button', { name: 'Create token' });
    expect((create as HTMLButtonElement).disabled).toBe(false);
  });

  it('at the cap, the create button is disabled and says why', async () => {
    await showPanel('zh-CN', LIVE_TOKENS_MAX, LIVE_TOKENS_MAX);
    expect(screen.getByTestId('token-count').textContent).toBe(
      `有效令牌：${LIVE_TOKENS_MAX} / ${LIVE_TOKENS_MAX}`,
    );
    const create = screen.getByRole('button', { name: '创建令牌' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    const reason = document.getElementById(create.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe(
      `已有 ${LIVE_TOKENS_MAX} 个有效令牌，达到上限。请先撤销一个不再使用的令牌，再创建新的。`,
    );
  });

  it('refused at the cap (tokens made elsewhere), it says why and reads the count again', async () => {
    const refusal = json(409, {
      message: 'At most 50 access tokens may be in force at once; revoke one first',
      code: 'TOKEN_LIMIT_REACHED',
      details: { limit: LIVE_TOKENS_MAX },
    });
    await showPanel('zh-CN', 3, 3, { answer: refusal, live: LIVE_TOKENS_MAX });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: 'nightly' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '创建令牌' }));
    });
    expect(
      await screen.findByText(
        `有效的访问令牌已达上限（${LIVE_TOKENS_MAX} 个），请先撤销一个不再使用的令牌。`,
      ),
    ).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.getByTestId('token-count').textContent).toBe(
        `有效令牌：${LIVE_TOKENS_MAX} / ${LIVE_TOKENS_MAX}`,
      ),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '创建令牌' }).disabled).toBe(true);
  });

  it('shows an expired token as expired, and when it leaves the list', async () => {
    expiry = { 1: '2025-03-01T12:00:00.000Z', 2: '2999-01-01T12:00:00.000Z' };
    await showPanel('en-US', 2, 1);
    const [later, expired] = screen.getAllByRole('listitem');
    expect(expired!.textContent).toContain(
      'ExpiredMar 1, 2025 (removed from the list on Mar 31, 2025)',
    );
    expect(later!.textContent).toContain('ExpiresJan 1, 2999');
    expect(later!.textContent).not.toContain('Expired');
  });

  it('says so in Chinese too', async () => {
    expiry = { 1: '2025-03-01T12:00:00.000Z' };
    await showPanel('zh-CN', 1, 0);
    expect(screen.getByRole('listitem').textContent).toContain(
      '已过期2025年3月1日（将于 2025年3月31日 从列表中删除）',
    );
  });
});
