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

/**
 * First / previous / next / last, and "page p of n", on one line: at 390 px "第 100 页，共 103 页"
 * fits between the buttons (they never wrap to a line of their own).
 */
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
      className="btn btn-secondary min-w-10 shrink-0 px-2"
      aria-label={b.label}
      title={b.label}
      disabled={b.disabled || busy}
      onClick={() => onOffset(b.to)}
    >
      {b.symbol}
    </button>
  );
  return (
    <nav aria-label={t('viewer:pager')} className="flex flex-nowrap items-center gap-1">
      {buttons.slice(0, 2).map(button)}
      <span
        className="min-w-0 px-1 text-center text-sm whitespace-nowrap text-muted"
        aria-live="polite"
      >
        {t('viewer:pageOf', { page, pages })}
      </span>
      {buttons.slice(2).map(button)}
    </nav>
  );
}
