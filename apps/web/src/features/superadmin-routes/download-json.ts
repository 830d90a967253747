/** Saves a value as a pretty-printed JSON file through a temporary link. */
export function downloadJson(value: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name of a route export: its slug (the document's `id`), else the given fallback. */
export function exportFileName(document: unknown, fallbackSlug: string): string {
  const id =
    typeof document === 'object' && document !== null && 'id' in document ? document.id : null;
  const slug = typeof id === 'string' && id.trim() !== '' ? id.trim() : fallbackSlug;
  return `${slug}.json`;
}
