import type { T } from '../../../i18n/index.ts';
import { lastPageOffset, pageWindow } from '../../../lib/tables/viewer.ts';

type Props = {
  t: T;
  offset: number;
  shown: number;
  total: number;
  limit: number;
  busy: boolean;
  onOffset: (offset: number) => void;
};

/** First / previous / next / last, and "page p of n". */
export default function Pager({ t, offset, shown, total, limit, busy, onOffset }: Props) {
  const { page, pages } = pageWindow(offset, shown, total, limit);
  if (pages <= 1) return null;
  const last = lastPageOffset(total, limit);
  const buttons = [
    { label: t('viewer:first'), symbol: '«', to: 0, disabled: offset === 0 },
    {
      label: t('viewer:previous'),
      symbol: '‹',
      to: Math.max(0, offset - limit),
      disabled: offset === 0,
    },
    { label: t('viewer:next'), symbol: '›', to: offset + limit, disabled: offset >= last },
    { label: t('viewer:last'), symbol: '»', to: last, disabled: offset >= last },
  ];
  const button = (b: (typeof buttons)[number]) => (
    <button
      key={b.label}
      type="button"
      className="btn btn-secondary min-w-11 px-3"
      aria-label={b.label}
      title={b.label}
      disabled={b.disabled || busy}
      onClick={() => onOffset(b.to)}
    >
      {b.symbol}
    </button>
  );
  return (
    <nav aria-label={t('viewer:pager')} className="flex flex-wrap items-center gap-2">
      {buttons.slice(0, 2).map(button)}
      <span className="px-1 text-sm text-muted" aria-live="polite">
        {t('viewer:pageOf', { page, pages })}
      </span>
      {buttons.slice(2).map(button)}
    </nav>
  );
}
