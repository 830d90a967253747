import { randomBytes } from 'node:crypto';

/** A part of a multipart form: JSON `data`, a text field as written, or a file. */
export type FormPart =
  | { name: string; json: unknown }
  | { name: string; text: string }
  | { name: string; file: Buffer; filename: string; contentType: string };

/** A `multipart/form-data` request body and its content type, as a browser sends a form. */
export function multipart(parts: readonly FormPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `tappa-${randomBytes(6).toString('hex')}`;
  const chunks = parts.flatMap((part) => {
    const head =
      'file' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
    const body =
      'file' in part
        ? part.file
        : Buffer.from('json' in part ? JSON.stringify(part.json) : part.text);
    return [Buffer.from(head), body, Buffer.from('\r\n')];
  });
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A form as the tenant forms send it: JSON in `data`, and image files by part name. */
export function dataWithFiles(data: unknown, files: Record<string, Buffer> = {}) {
  return multipart([
    { name: 'data', json: data },
    ...Object.entries(files).map(([name, file]) => ({
      name,
      file,
      filename: `${name}.bin`,
      contentType: 'image/png',
    })),
  ]);
}
