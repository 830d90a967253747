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

/** A header's text with its RFC 2047 words (`=?UTF-8?Q?Citt=C3=A0?=`, `=?UTF-8?B?…?=`) decoded. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_word, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
}

/** An e-mail the outbox holds: its subject and plain-text body, decoded. */
export interface OutboxMessage {
  subject: string;
  text: string;
}

/** The outbox e-mails sent to `to`, oldest first. */
export async function outboxMessages(dataDir: string, to: string): Promise<OutboxMessage[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [])).sort();
  const messages: OutboxMessage[] = [];
  for (const file of files) {
    const eml = await readFile(path.join(dir, file), 'utf8');
    if (!eml.includes(`To: ${to}`)) continue;
    const split = eml.search(/\r?\n\r?\n/);
    const headers = split < 0 ? eml : eml.slice(0, split);
    const body = split < 0 ? '' : eml.slice(split).replace(/^\r?\n\r?\n/, '');
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)$/im.exec(headers)?.[1] ?? '';
    messages.push({
      subject: decodeHeader(subject),
      // Only a quoted-printable body is decoded: in a 7bit one, `?token=87…` is text, not a byte.
      text: /^Content-Transfer-Encoding: quoted-printable$/im.test(headers)
        ? decodeQuotedPrintable(body)
        : body,
    });
  }
  return messages;
}

/** The links of the outbox e-mails sent to `to` whose URL contains `pathPart`, oldest first. */
export async function outboxLinks(
  dataDir: string,
  to: string,
  pathPart: string,
): Promise<string[]> {
  return (await outboxMessages(dataDir, to)).flatMap(({ text }) =>
    [...text.matchAll(/https?:\/\/[^\s"<>]+/g)]
      .map((match) => match[0])
      .filter((link) => link.includes(pathPart)),
  );
}
