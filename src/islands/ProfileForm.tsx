import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { RULES, checkAvatar, checkBio, checkNickname, isAvatarUrl } from '../lib/account-rules.ts';
import type { User } from '../lib/api/types.ts';
import { fieldProblems } from '../lib/form-errors.ts';
import { failureText } from '../lib/error-text.ts';
import { saveProfile } from '../stores/account.ts';
import { $auth } from '../stores/auth.ts';
import { FormAlert, TextArea, TextField, SubmitButton } from './form/Field.tsx';
import { lengthHint, useForm } from './form/fields.ts';
import { createForm } from '../stores/form.ts';
import { useHydrated } from './useHydrated.ts';

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
  const { values, formProps, input, failure, submitting } = useForm(
    t,
    () =>
      createForm({
        initial: { nickname: user.nickname, avatar: user.avatar, bio: user.bio },
        check: (v) => ({
          nickname: checkNickname(v.nickname) ?? undefined,
          avatar: checkAvatar(v.avatar) ?? undefined,
          bio: checkBio(v.bio) ?? undefined,
        }),
        send: async (v) => {
          const saved = await saveProfile({
            nickname: v.nickname.trim(),
            avatar: v.avatar.trim(),
            bio: v.bio.trim(),
          });
          return { nickname: saved.nickname, avatar: saved.avatar, bio: saved.bio };
        },
        explain: (error) => ({
          problems: fieldProblems(error, t, { nickname: 'nickname', avatar: 'avatar', bio: 'bio' }),
          failure: failureText(error, t),
        }),
        fixErrors: t('common:common.fixErrors'),
      }),
    { sent: () => ({ title: t('auth:profile.saved') }), failed: t('auth:profile.saveFailed') },
  );

  return (
    <form {...formProps} className="flex flex-col gap-4" aria-labelledby="profile-details-heading">
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
        hint={lengthHint(t, values.bio, RULES.bioMax)}
        {...input('bio')}
      />
      <div>
        <SubmitButton
          busy={submitting}
          label={t('auth:profile.save')}
          busyLabel={t('auth:profile.saving')}
        />
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
