import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable encoding (soft line breaks and `=XX` bytes) of a message body. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The links of the outbox e-mails sent to `to` whose URL contains `pathPart`, oldest first. */
export async function outboxLinks(
  dataDir: string,
  to: string,
  pathPart: string,
): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [])).sort();
  const links: string[] = [];
  for (const file of files) {
    const eml = await readFile(path.join(dir, file), 'utf8');
    if (!eml.includes(`To: ${to}`)) continue;
    // Only a quoted-printable body is decoded: in a 7bit one, `?token=87…` is text, not a byte.
    const body = /^Content-Transfer-Encoding: quoted-printable$/im.test(eml)
      ? decodeQuotedPrintable(eml)
      : eml;
    for (const match of body.matchAll(/https?:\/\/[^\s"<>]+/g)) {
      if (match[0].includes(pathPart)) links.push(match[0]);
    }
  }
  return links;
}
