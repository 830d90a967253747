/** The file name of a route export: its slug (the document's `id`), else the given fallback. */
export function exportFileName(document: unknown, fallbackSlug: string): string {
  const id =
    typeof document === 'object' && document !== null && 'id' in document ? document.id : null;
  const slug = typeof id === 'string' && id.trim() !== '' ? id.trim() : fallbackSlug;
  return `${slug}.json`;
}
