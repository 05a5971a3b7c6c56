import type { T } from '../../../i18n/index.ts';
import { SQL_TABLE } from '../../../lib/sql-console.ts';
import type { SqlColumn } from '../../../stores/sql-console.ts';

type Props = { t: T; columns: SqlColumn[]; descriptions: Readonly<Record<string, string>> };

/** The table `t` beside the editor: each column with its type and the owner's description. */
export function SchemaList({ t, columns, descriptions }: Props) {
  return (
    <aside aria-labelledby="sql-schema" className="flex flex-col gap-2 text-sm">
      <h4 id="sql-schema" className="font-semibold">
        {t('sql:schema', { table: SQL_TABLE })}
      </h4>
      {columns.length === 0 ? (
        <p className="text-muted">{t('sql:loading')}</p>
      ) : (
        <dl className="flex max-h-80 flex-col gap-1 overflow-y-auto">
          {columns.map((column) => (
            <div key={column.name} className="break-words">
              <dt>
                <code className="font-semibold">{column.name}</code>{' '}
                <span className="text-xs text-muted">{column.type}</span>
              </dt>
              {descriptions[column.name] && (
                <dd className="text-xs text-muted">{descriptions[column.name]}</dd>
              )}
            </div>
          ))}
        </dl>
      )}
      <p className="text-xs text-muted">{t('sql:joinHint')}</p>
    </aside>
  );
}
