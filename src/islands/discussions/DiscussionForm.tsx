import { useId, useState, type FormEvent } from 'react';
import { getT, loadAreas } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { COMMENT_BODY_MAX, DISCUSSION_TITLE_MAX } from '../../contracts/limits.ts';
import { replyTo, startDiscussion } from '../../lib/api/discussions.ts';
import { failureText } from '../../lib/error-text.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { guestPlaceholder, useViewer } from '../community/useViewer.ts';
import { useOneAtATime } from '../community/useOneAtATime.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['discussions']);

type Props = {
  locale: Locale;
  /** This page's path, to come back to after signing in. */
  path: string;
} & (
  | {
      /** A new thread on the dataset; then its page opens (`threadPath` + its id). */
      mode: 'thread';
      datasetId: number;
      threadPath: string;
    }
  | { mode: 'reply'; discussionId: number }
);

/** A guest's way in: the sign-in page, coming back here. */
function SignIn({ text, ...link }: { href: string; text: string; 'data-guest-placeholder'?: '' }) {
  return (
    <a className="btn btn-secondary self-start" {...link}>
      {text}
    </a>
  );
}

/**
 * The form for a new discussion thread (on the dataset's discussions tab) or a reply (on a
 * thread's page). Guests get a sign-in link. After a reply the page reloads: it is
 * server-rendered, and the write cleared its cached copy.
 */
export default function DiscussionForm(props: Props) {
  const t = getT(props.locale);
  const viewer = useViewer();
  const id = useId();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { pending, run } = useOneAtATime();

  if (!viewer.signedIn) {
    const link = guestPlaceholder(viewer);
    return (
      <SignIn href={loginUrl(props.locale, props.path)} text={t('discussions:signIn')} {...link} />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      setError(null);
      try {
        if (props.mode === 'thread') {
          const thread = await startDiscussion(props.datasetId, title, body);
          window.location.assign(`${props.threadPath}${thread.id}`);
        } else {
          await replyTo(props.discussionId, body);
          window.location.reload();
        }
      } catch (err) {
        setError(failureText(err, t));
      }
    });
  };

  const isThread = props.mode === 'thread';
  return (
    <form className="card flex flex-col gap-3 p-4" onSubmit={submit} data-discussion-form>
      <h2 className="text-lg font-bold">
        {t(isThread ? 'discussions:new.heading' : 'discussions:reply.heading')}
      </h2>
      {isThread && (
        <label className="flex flex-col gap-1" htmlFor={`${id}-title`}>
          {t('discussions:new.title')}
          <input
            id={`${id}-title`}
            className="field-input"
            required
            maxLength={DISCUSSION_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
      )}
      <label className="flex flex-col gap-1" htmlFor={`${id}-body`}>
        {t(isThread ? 'discussions:new.body' : 'discussions:reply.body')}
        <textarea
          id={`${id}-body`}
          className="field-input min-h-32"
          required
          maxLength={COMMENT_BODY_MAX}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      {error && (
        <p role="alert" className="text-danger">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" aria-disabled={pending}>
        {pending
          ? t('discussions:sending')
          : t(isThread ? 'discussions:new.submit' : 'discussions:reply.submit')}
      </button>
    </form>
  );
}
