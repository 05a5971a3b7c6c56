/**
 * Saves `blob` as a file the browser downloads under `fileName` (a link clicked in code); the
 * object URL is let go a minute later, when the download has long started.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
