import type { T } from '../../i18n/index.ts';
import type { UploadProgress as Progress } from '../../lib/api/upload.ts';

/** The upload's progress bar and its words (a live region, so screen readers hear it). */
export function UploadProgress({ progress, t }: { progress: Progress | null; t: T }) {
  if (!progress) return null;
  const total = progress.total ?? 0;
  const percent = total > 0 ? Math.min(100, Math.round((progress.loaded / total) * 100)) : null;
  const done = percent === 100;
  return (
    <div className="flex flex-col gap-1">
      <progress
        className="h-2 w-full accent-brand-700"
        aria-label={t('datasets:upload.label')}
        max={100}
        {...(percent !== null && !done ? { value: percent } : {})}
      />
      <p role="status" className="text-sm text-muted">
        {done
          ? t('datasets:upload.processing')
          : t('datasets:upload.sending', { percent: percent ?? 0 })}
      </p>
    </div>
  );
}
