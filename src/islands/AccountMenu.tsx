import type { Locale } from '../i18n/locales.ts';
import { getT } from '../i18n/index.ts';
import { localizePath } from '../i18n/locales.ts';

/** Placeholder: sign-in links; the signed-in menu comes with the auth store. */
export default function AccountMenu({ locale }: { locale: Locale }) {
  const t = getT(locale);
  return (
    <div className="flex items-center gap-3">
      <a href={localizePath('/auth/login', locale)}>{t('common:nav.login')}</a>
      <a href={localizePath('/auth/register', locale)} className="btn btn-primary">
        {t('common:nav.register')}
      </a>
    </div>
  );
}
