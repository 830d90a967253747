/**
 * `Content-Disposition` of a download named `fileName` (RFC 6266): `filename*` carries the name in
 * UTF-8 (RFC 8187), and `filename` an ASCII form of it for clients that read only that one
 * (accents dropped, any other character, a quote or a backslash as `_`).
 */
export function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  // encodeURIComponent leaves `'()*` as they are; RFC 8187 takes them only encoded.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
