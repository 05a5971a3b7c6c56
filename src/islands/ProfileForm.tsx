import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { RULES, checkAvatar, checkBio, checkNickname, isAvatarUrl } from '../lib/account-rules.ts';
import type { User } from '../lib/api/types.ts';
import { fieldErrors } from '../lib/form-errors.ts';
import { failureText } from '../lib/error-text.ts';
import { saveProfile } from '../stores/account.ts';
import { $auth } from '../stores/auth.ts';
import { toast } from '../stores/toasts.ts';
import { FormAlert, TextArea, TextField, focusFirstInvalid } from './form/Field.tsx';
import { useFields, type Problem } from './form/fields.ts';
import { useHydrated } from './useHydrated.ts';

type Field = 'nickname' | 'avatar' | 'bio';

function AvatarPreview({ url, name, label }: { url: string; name: string; label: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const shown = url.trim() && isAvatarUrl(url) && broken !== url.trim() ? url.trim() : null;
  return (
    <figure className="flex items-center gap-3">
      {shown ? (
        <img
          src={shown}
          alt={label}
          width={64}
          height={64}
          referrerPolicy="no-referrer"
          className="h-16 w-16 rounded-full border border-line object-cover"
          onError={() => setBroken(shown)}
        />
      ) : (
        <span
          role="img"
          aria-label={label}
          className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800"
        >
          {[...name][0]?.toUpperCase() ?? '?'}
        </span>
      )}
      <figcaption className="text-sm text-muted">{label}</figcaption>
    </figure>
  );
}

function Fields({ user, locale, t }: { user: User; locale: Locale; t: T }) {
  const form = useRef<HTMLFormElement>(null);
  const { values, setValues, setProblems, input } = useFields<Field>(t, {
    nickname: user.nickname,
    avatar: user.avatar,
    bio: user.bio,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found: Partial<Record<Field, Problem>> = {};
    const nickname = checkNickname(values.nickname);
    const avatar = checkAvatar(values.avatar);
    const bio = checkBio(values.bio);
    if (nickname) found.nickname = nickname;
    if (avatar) found.avatar = avatar;
    if (bio) found.bio = bio;
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(t('auth:validation.fixErrors'));
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setSubmitting(true);
    try {
      const saved = await saveProfile({
        nickname: values.nickname.trim(),
        avatar: values.avatar.trim(),
        bio: values.bio.trim(),
      });
      setValues({ nickname: saved.nickname, avatar: saved.avatar, bio: saved.bio });
      toast({ title: t('auth:profile.saved') });
    } catch (error) {
      const byField = fieldErrors(error, t);
      const server: Partial<Record<Field, Problem>> = {};
      for (const field of ['nickname', 'avatar', 'bio'] as const) {
        const message = byField[field];
        if (message) server[field] = { text: message };
      }
      setProblems(server);
      const message = failureText(error, t);
      setFailure(message);
      toast({
        title: t('auth:profile.saveFailed'),
        variant: 'destructive',
        ...(message && { description: message }),
      });
      requestAnimationFrame(() => focusFirstInvalid(form.current));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-labelledby="profile-details-heading"
    >
      <FormAlert message={failure} />
      <p className="text-sm">
        <span className="font-semibold">{t('auth:profile.username')}</span>: {user.username} ·{' '}
        <a href={localizePath(`/users/${user.id}`, locale)} className="underline">
          {t('auth:profile.viewPublic')}
        </a>
      </p>
      <TextField
        id="profile-nickname"
        label={t('auth:profile.nickname')}
        autoComplete="nickname"
        aria-required="true"
        {...input('nickname')}
      />
      <TextField
        id="profile-avatar"
        type="url"
        inputMode="url"
        label={t('auth:profile.avatar')}
        hint={t('auth:profile.avatarHint')}
        autoComplete="photo"
        maxLength={RULES.avatarMax}
        {...input('avatar')}
      />
      <AvatarPreview
        url={values.avatar}
        name={values.nickname || user.username}
        label={t('auth:profile.avatarPreview')}
      />
      <TextArea
        id="profile-bio"
        label={t('auth:profile.bio')}
        rows={4}
        hint={`${[...values.bio.trim()].length} / ${RULES.bioMax}`}
        {...input('bio')}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? t('auth:profile.saving') : t('auth:profile.save')}
        </button>
      </div>
    </form>
  );
}

/** The signed-in user's public profile fields: nickname, avatar address (with a preview), bio. */
export default function ProfileForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  if (!hydrated || !user) {
    return (
      <p role="status" className="text-muted">
        {t('auth:session.loading')}
      </p>
    );
  }
  return <Fields key={user.id} user={user} locale={locale} t={t} />;
}
