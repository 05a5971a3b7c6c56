import { useState } from 'react';
import type { T } from '../../i18n/index.ts';
import { README_MAX_BYTES, utf8Bytes } from '../../contracts/limits.ts';
import { previewMarkdown } from '../../lib/api/datasets.ts';
import { failureText } from '../../lib/error-text.ts';
import { TextArea } from '../form/Field.tsx';

type Props = {
  id: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  t: T;
};

type Preview = { state: 'off' } | { state: 'loading' } | { state: 'shown'; html: string };

/**
 * The dataset card: a Markdown textarea with its size in bytes, and a preview rendered by the
 * server exactly as the dataset page will show it (so no Markdown library ships to the browser).
 */
export function ReadmeField({ id, value, error, onChange, t }: Props) {
  const [preview, setPreview] = useState<Preview>({ state: 'off' });
  const [failure, setFailure] = useState<string | null>(null);
  const show = async () => {
    setFailure(null);
    setPreview({ state: 'loading' });
    try {
      setPreview({ state: 'shown', html: (await previewMarkdown(value)).html });
    } catch (e: unknown) {
      setPreview({ state: 'off' });
      setFailure(failureText(e, t) ?? t('datasets:readme.previewFailed'));
    }
  };
  const bytes = utf8Bytes(value);
  return (
    <div className="flex flex-col gap-2">
      <TextArea
        id={id}
        label={t('datasets:readme.label')}
        rows={8}
        spellCheck={false}
        value={value}
        error={error ?? failure}
        hint={t('datasets:readme.hint', {
          count: bytes,
          max: README_MAX_BYTES,
        })}
        onChange={(e) => {
          onChange(e.target.value);
          if (preview.state === 'shown') setPreview({ state: 'off' });
        }}
      />
      <div>
        <button
          type="button"
          className="btn btn-secondary"
          aria-expanded={preview.state === 'shown'}
          aria-controls={`${id}-preview`}
          disabled={preview.state === 'loading' || value.trim() === ''}
          onClick={() => (preview.state === 'shown' ? setPreview({ state: 'off' }) : void show())}
        >
          {preview.state === 'shown' ? t('datasets:readme.hide') : t('datasets:readme.preview')}
        </button>
      </div>
      <section
        id={`${id}-preview`}
        aria-label={t('datasets:readme.previewLabel')}
        hidden={preview.state !== 'shown'}
        className="readme-preview rounded border border-line p-4"
        data-testid="readme-preview"
        dangerouslySetInnerHTML={{ __html: preview.state === 'shown' ? preview.html : '' }}
      />
    </div>
  );
}
