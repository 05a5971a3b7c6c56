import type { Column } from '../../../contracts/tables.ts';
import type { T } from '../../../i18n/index.ts';
import type { ViewerStore } from '../../../stores/viewer.ts';

export type ColumnsListProps = {
  t: T;
  columns: Column[];
  /** The shown order of the columns (hidden ones included, where they would be). */
  order: string[];
  hidden: string[];
  pinned: string[];
  store: ViewerStore;
  disabled: boolean;
};

/** The columns menu's list: each column shown or not, pinned or not, moved left or right. */
export default function ColumnsList({
  t,
  columns,
  order,
  hidden,
  pinned,
  store,
  disabled,
}: ColumnsListProps) {
  const byName = new Map(columns.map((c) => [c.name, c]));
  return (
    <ul className="absolute right-0 z-30 mt-1 flex max-h-80 w-72 max-w-[90vw] flex-col gap-1 overflow-y-auto rounded-lg border border-line bg-surface p-2 shadow-lg">
      {order.map((name, i) => (
        <li key={name} className="flex items-center gap-2">
          <label className="flex min-w-0 flex-1 items-center gap-2">
            <input
              type="checkbox"
              checked={!hidden.includes(name)}
              disabled={disabled}
              onChange={() => void store.toggleHidden(name)}
              aria-label={t('viewer:columns.show', { column: name })}
            />
            <span className="truncate">{byName.get(name)?.name ?? name}</span>
          </label>
          <button
            type="button"
            className="btn btn-secondary min-w-11 px-2"
            aria-pressed={pinned.includes(name)}
            aria-label={t('viewer:columns.pin', { column: name })}
            title={t('viewer:columns.pin', { column: name })}
            disabled={disabled}
            onClick={() => void store.togglePinned(name)}
          >
            📌
          </button>
          {([-1, 1] as const).map((step) => (
            <button
              key={step}
              type="button"
              className="btn btn-secondary min-w-11 px-2"
              aria-label={t(step < 0 ? 'viewer:columns.left' : 'viewer:columns.right', {
                column: name,
              })}
              disabled={disabled || i + step < 0 || i + step >= order.length}
              onClick={() => void store.moveColumn(order, name, step)}
            >
              {step < 0 ? '←' : '→'}
            </button>
          ))}
        </li>
      ))}
    </ul>
  );
}
