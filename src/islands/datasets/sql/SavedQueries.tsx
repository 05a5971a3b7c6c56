import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { T } from '../../../i18n/index.ts';
import type { SavedQuery } from '../../../lib/api/sql.ts';
import { failureText } from '../../../lib/error-text.ts';
import { $auth } from '../../../stores/auth.ts';
import { mayDelete, type SavedQueries as Store } from '../../../stores/saved-queries.ts';

type Props = {
  t: T;
  store: Store;
  /** The statement to save (pinned to the versions it read when it ran as written). */
  sql: () => string;
  /** The address that opens a saved query. */
  linkTo: (query: SavedQuery) => string;
  onOpen: (query: SavedQuery) => void;
};

/** Saving the statement under a title (signed in), and the queries saved on the dataset. */
export function SavedQueries({ t, store, sql, linkTo, onOpen }: Props) {
  const { queries, ownerId, saving, error, status } = useStore(store.$saved);
  const { user } = useStore($auth);
  const [title, setTitle] = useState('');
  const save = async () => {
    if (await store.save(title, sql())) setTitle('');
  };
  return (
    <section aria-labelledby="sql-saved" className="flex flex-col gap-2">
      <h4 id="sql-saved" className="font-semibold">
        {t('sql:saved.heading')}
      </h4>
      {user ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="flex flex-col gap-1 text-sm">
            <span className="field-label">{t('sql:saved.title')}</span>
            <input
              className="field-input"
              value={title}
              maxLength={100}
              required
              onChange={(e) => setTitle(e.target.value)}
            />
          </label>
          <button type="submit" className="btn btn-secondary" disabled={saving}>
            {t('sql:saved.save')}
          </button>
        </form>
      ) : (
        <p className="text-sm text-muted">{t('sql:saved.signIn')}</p>
      )}
      {error !== null && (
        <p role="alert" className="text-sm text-danger">
          {failureText(error, t)}
        </p>
      )}
      {status === 'ready' && queries.length === 0 && (
        <p className="text-sm text-muted">{t('sql:saved.none')}</p>
      )}
      <ul className="flex flex-col gap-2">
        {queries.map((query) => (
          <li key={query.id} className="flex flex-wrap items-center gap-2 text-sm">
            <a
              href={linkTo(query)}
              className="font-semibold"
              onClick={(e) => {
                e.preventDefault();
                onOpen(query);
              }}
            >
              {query.title}
            </a>
            <span className="text-xs text-muted">
              {t('sql:saved.by', { name: query.author.nickname || query.author.username })}
            </span>
            {mayDelete(query, user?.id ?? null, ownerId) && (
              <button
                type="button"
                className="btn btn-secondary text-xs"
                aria-label={t('sql:saved.deleteNamed', { title: query.title })}
                onClick={() => void store.remove(query.id)}
              >
                {t('sql:saved.delete')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
