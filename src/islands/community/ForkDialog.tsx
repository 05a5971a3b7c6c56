import { lazy, Suspense, useRef, useState, type Ref } from 'react';
import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { guestPlaceholder, useViewer } from './useViewer.ts';

/** The dialog and its form, loaded when first wanted (a pointer over the button, or a press). */
const loadForm = () => import('./ForkForm.tsx');
const ForkForm = lazy(loadForm);

type Props = {
  datasetId: number;
  /** The source's name, description and visibility: the form starts from them. */
  name: string;
  description: string;
  isPublic: boolean;
  /** This page's path, to come back to after signing in. */
  path: string;
  locale: Locale;
};

/** The button that opens the fork dialog (focus comes back to it when the dialog closes). */
function OpenButton({
  ref,
  onOpen,
  label,
}: {
  ref: Ref<HTMLButtonElement>;
  onOpen: () => void;
  label: string;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className="btn btn-secondary"
      aria-haspopup="dialog"
      onClick={onOpen}
      onPointerEnter={() => void loadForm()}
      onFocus={() => void loadForm()}
      data-testid="fork-button"
    >
      {label}
    </button>
  );
}

/**
 * Forks a dataset: a button opening the fork dialog (ForkForm.tsx, loaded on demand, so the
 * dataset page does not carry the form until someone forks). Guests get a sign-in link.
 */
export default function ForkDialog({ path, locale, ...source }: Props) {
  const t = getT(locale);
  const viewer = useViewer();
  const opener = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(0);

  if (!viewer.signedIn) {
    return (
      <a href={loginUrl(locale, path)} className="btn btn-secondary" {...guestPlaceholder(viewer)}>
        {t('community:fork.signIn')}
      </a>
    );
  }

  return (
    <>
      <OpenButton
        ref={opener}
        onOpen={() => setOpened((n) => n + 1)}
        label={t('community:fork.button')}
      />
      {opened > 0 && (
        <Suspense fallback={null}>
          <ForkForm {...source} locale={locale} opened={opened} opener={opener} />
        </Suspense>
      )}
    </>
  );
}
