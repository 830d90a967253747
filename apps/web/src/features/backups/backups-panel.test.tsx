import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dialogs } from '../../lib/dialogs';
import { renderWithProviders } from '../../test/render-in-router';
import { callKeys, callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { BackupsPanel } from './backups-panel';

const LIST = 'GET /api/platform/backups';
const NAME = 'tappa-backup-2026-11-28T03-00-00-000Z.tar.gz';
const BACKUP = {
  name: NAME,
  bytes: 3 * 1024 * 1024,
  created_at: '2026-11-28T03:00:00.000Z',
  encrypted: false,
};
const SCHEDULE = { time: '03:00', keep: 14, target: 'folder', encrypted: false };

describe('BackupsPanel', () => {
  it('says how the daily backup is set and lists the archives', async () => {
    stubApi({ [LIST]: () => jsonResponse(200, { backups: [BACKUP], schedule: SCHEDULE }) });
    renderWithProviders(<BackupsPanel />);
    expect(
      await screen.findByText(/A backup is written every day at 03:00 UTC; the last 14 are kept\./),
    ).toBeTruthy();
    expect(screen.getByText(/Archives are kept in the server's backup folder/)).toBeTruthy();
    const row = screen.getByText(NAME).closest('tr')!;
    expect(within(row).getByText('3 MB')).toBeTruthy();
  });

  it("writes one now: 'Backup written: …'", async () => {
    let backups: (typeof BACKUP)[] = [];
    const fetchMock = stubApi({
      [LIST]: () =>
        jsonResponse(200, { backups, schedule: { ...SCHEDULE, time: null, target: 's3' } }),
      'POST /api/platform/backups': () => {
        backups = [BACKUP];
        return jsonResponse(201, { backup: BACKUP });
      },
    });
    renderWithProviders(<BackupsPanel />);
    expect(await screen.findByText('No backups yet')).toBeTruthy();
    expect(screen.getByText(/The daily backup is off/)).toBeTruthy();
    expect(screen.getByText(/Archives are kept in the S3 bucket/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(
      within(await screen.findByRole('status')).getByText(`Backup written: ${NAME}`),
    ).toBeTruthy();
    expect(await screen.findByText(NAME)).toBeTruthy();
    expect(callKeys(fetchMock)).toContain('POST /api/platform/backups');
  });

  it('downloads only after the password is given again, through the link it gets', async () => {
    const url = `/api/platform/backups/${NAME}/download?token=1.abc`;
    const fetchMock = stubApi({
      [LIST]: () => jsonResponse(200, { backups: [BACKUP], schedule: SCHEDULE }),
      [`POST /api/platform/backups/${NAME}/download-link`]: (body) =>
        (body as { password: string }).password === 'right'
          ? jsonResponse(200, { url, expires_at: '2026-11-28T03:01:00.000Z' })
          : errorResponse('backup_password_wrong'),
    });
    const onDownload = vi.fn();
    renderWithProviders(<BackupsPanel onDownload={onDownload} />);
    fireEvent.click(await screen.findByRole('button', { name: `Download ${NAME}` }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(/enter your password again to download tappa-backup-/),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByText('Password errata')).toBeTruthy();
    expect(onDownload).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText(/Password/), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(onDownload).toHaveBeenCalledWith(url));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'POST', `/api/platform/backups/${NAME}/download-link`)).toEqual([
      { password: 'wrong' },
      { password: 'right' },
    ]);
  });

  it('deletes after the confirmation', async () => {
    let backups = [BACKUP];
    stubApi({
      [LIST]: () => jsonResponse(200, { backups, schedule: SCHEDULE }),
      [`DELETE /api/platform/backups/${NAME}`]: () => {
        backups = [];
        return new Response(null, { status: 204 });
      },
    });
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    renderWithProviders(<BackupsPanel />);
    fireEvent.click(await screen.findByRole('button', { name: `Delete ${NAME}` }));
    expect(confirm).toHaveBeenCalledWith(`Delete the backup "${NAME}"? This cannot be undone.`);
    expect(within(await screen.findByRole('status')).getByText('Backup deleted')).toBeTruthy();
    expect(await screen.findByText('No backups yet')).toBeTruthy();
  });
});
