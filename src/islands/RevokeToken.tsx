import { useEffect, useRef, useState } from 'react';
import type { T } from '../i18n/index.ts';

/**
 * A token's revoke button, which asks before it revokes: scripts using the token lose access at
 * once, and nothing brings it back. The question takes the focus; Escape or Cancel puts it back
 * on the button.
 */
export function RevokeToken({ name, t, onRevoke }: { name: string; t: T; onRevoke: () => void }) {
  const [asking, setAsking] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  const revoke = useRef<HTMLButtonElement>(null);
  const answered = useRef(false);

  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (answered.current) revoke.current?.focus();
  }, [asking]);

  const cancel = () => {
    answered.current = true;
    setAsking(false);
  };

  if (!asking) {
    return (
      <button
        ref={revoke}
        type="button"
        className="btn btn-danger min-h-11"
        aria-label={t('auth:tokens.revokeLabel', { name })}
        onClick={() => setAsking(true)}
      >
        {t('auth:tokens.revoke')}
      </button>
    );
  }
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      onKeyDown={(e) => {
        if (e.key === 'Escape') cancel();
      }}
    >
      <p className="text-sm text-ink">{t('auth:tokens.revokeWarning', { name })}</p>
      <button
        ref={confirm}
        type="button"
        className="btn btn-danger min-h-11"
        aria-label={t('auth:tokens.revokeConfirmLabel', { name })}
        onClick={onRevoke}
      >
        {t('auth:tokens.revokeConfirm')}
      </button>
      <button type="button" className="btn min-h-11" onClick={cancel}>
        {t('auth:tokens.revokeCancel')}
      </button>
    </div>
  );
}
