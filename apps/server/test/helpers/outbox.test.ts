import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxLinks, outboxMessages } from './outbox';

describe('outboxLinks', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  async function outboxWith(files: Record<string, string>): Promise<string> {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-outbox-links-'));
    dirs.push(dataDir);
    await mkdir(path.join(dataDir, 'outbox'));
    for (const [name, eml] of Object.entries(files)) {
      await writeFile(path.join(dataDir, 'outbox', name), eml);
    }
    return dataDir;
  }

  it('reads a 7bit body as it is: a token that starts with two hex digits stays whole', async () => {
    const dataDir = await outboxWith({
      'a.eml': [
        'To: team@example.org',
        'Content-Transfer-Encoding: 7bit',
        '',
        'http://quest.test/reset-password?token=87GgiBPRbNFK7ccJ4mHOByeh',
      ].join('\n'),
    });
    expect(await outboxLinks(dataDir, 'team@example.org', '/reset-password?token=')).toEqual([
      'http://quest.test/reset-password?token=87GgiBPRbNFK7ccJ4mHOByeh',
    ]);
  });

  it('decodes a quoted-printable body: soft line breaks and escaped bytes', async () => {
    const dataDir = await outboxWith({
      'b.eml': [
        'To: team@example.org',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'http://quest.test/verify?token=3DAB=',
        'CD',
      ].join('\n'),
    });
    expect(await outboxLinks(dataDir, 'team@example.org', '/verify?token=')).toEqual([
      'http://quest.test/verify?token=ABCD',
    ]);
  });

  it('reads the subject, RFC 2047 words decoded, and the body of each message to the address', async () => {
    const dataDir = await outboxWith({
      'c.eml': [
        'To: team@example.org',
        'Subject: =?UTF-8?Q?Citt=C3=A0_di_Roma=3A?= =?UTF-8?B?IHJpY2V2dXRh?=',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Importo pagato: =E2=82=AC 9,90',
      ].join('\n'),
      'd.eml': ['To: other@example.org', 'Subject: not this one', '', 'x'].join('\n'),
    });
    expect(await outboxMessages(dataDir, 'team@example.org')).toEqual([
      { subject: 'Città di Roma: ricevuta', text: 'Importo pagato: € 9,90' },
    ]);
  });
});
