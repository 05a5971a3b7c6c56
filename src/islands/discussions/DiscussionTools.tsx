import { useState } from 'react';
import { getT, type T, loadAreas } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import {
  changeComment,
  changeDiscussion,
  deleteComment,
  deleteDiscussion,
  reportComment,
  type ThreadChange,
} from '../../lib/api/discussions.ts';
import { failureText } from '../../lib/error-text.ts';
import { useViewer } from '../community/useViewer.ts';
import { useOneAtATime } from '../community/useOneAtATime.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['discussions']);

type Props = {
  locale: Locale;
  ownerId: number | null;
  authorId: number | null;
  body: string;
} & (
  | {
      kind: 'thread';
      id: number;
      state: 'open' | 'closed';
      locked: boolean;
      /** Where to go once the thread is deleted (the dataset's discussions tab). */
      afterDelete: string;
    }
  | { kind: 'comment'; id: number }
);

type Run = ReturnType<typeof useOneAtATime>['run'];

/** What the buttons do: each change reloads the page, a deletion leaves a thread's page. */
function actionsOf(props: Props, t: T, run: Run, setMessage: (m: string | null) => void) {
  const act = (task: () => Promise<unknown>, then: () => void = () => window.location.reload()) =>
    run(async () => {
      setMessage(null);
      try {
        await task();
        then();
      } catch (err) {
        setMessage(failureText(err, t));
      }
    });
  const change = (c: ThreadChange) =>
    act(() =>
      props.kind === 'thread' ? changeDiscussion(props.id, c) : changeComment(props.id, c),
    );
  const remove = () => {
    if (!window.confirm(t('discussions:confirmDelete'))) return;
    if (props.kind === 'thread')
      void act(
        () => deleteDiscussion(props.id),
        () => window.location.assign(props.afterDelete),
      );
    else void act(() => deleteComment(props.id));
  };
  const report = () => {
    const reason = window.prompt(t('discussions:reportReason'));
    if (reason === null) return;
    void act(
      () => reportComment(props.id, reason),
      () => setMessage(t('discussions:reported')),
    );
  };
  return { change, remove, report };
}

/**
 * The controls of a thread or a reply, by who is looking: its author edits and deletes it, the
 * dataset's owner closes, locks and hides, any other signed-in user reports a reply. Each change
 * reloads the server-rendered page.
 */
export default function DiscussionTools(props: Props) {
  const t = getT(props.locale);
  const viewer = useViewer();
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(props.body);
  const [message, setMessage] = useState<string | null>(null);
  const { pending, run } = useOneAtATime();
  if (!viewer.signedIn || viewer.id === null) return null;
  const isAuthor = viewer.id === props.authorId;
  const isOwner = viewer.id === props.ownerId;

  const { change, remove, report } = actionsOf(props, t, run, setMessage);
  const button = (label: string, onClick: () => void) => (
    <button type="button" className="btn btn-secondary" aria-disabled={pending} onClick={onClick}>
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-2" data-discussion-tools={props.kind}>
      {editing && (
        <textarea
          className="field-input min-h-32"
          aria-label={t('discussions:edit')}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {isAuthor && !editing && button(t('discussions:edit'), () => setEditing(true))}
        {editing && button(t('discussions:save'), () => void change({ body }))}
        {editing && button(t('discussions:cancel'), () => setEditing(false))}
        {isAuthor && button(t('discussions:delete'), remove)}
        {isOwner && props.kind === 'thread' && (
          <>
            {button(
              t(props.state === 'open' ? 'discussions:close' : 'discussions:reopen'),
              () => void change({ state: props.state === 'open' ? 'closed' : 'open' }),
            )}
            {button(
              t(props.locked ? 'discussions:unlock' : 'discussions:lock'),
              () => void change({ locked: !props.locked }),
            )}
          </>
        )}
        {isOwner && button(t('discussions:hide'), () => void change({ hidden: true }))}
        {!isAuthor && props.kind === 'comment' && button(t('discussions:report'), report)}
      </div>
      {message && (
        <p role="status" className="text-sm text-muted">
          {message}
        </p>
      )}
    </div>
  );
}
