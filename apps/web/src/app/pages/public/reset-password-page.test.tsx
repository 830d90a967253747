import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../../test/fake-clock';
import { renderRoute } from '../../../test/render-route';
import { callsTo, emptyResponse, errorResponse, stubApi } from '../../../test/stub-api';

/** Types both passwords in the form on screen and submits. */
function submitNow(password: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), {
    target: { value: confirmation },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
}

/** Waits for the form, types both passwords and submits. */
async function submit(password: string, confirmation: string) {
  await screen.findByLabelText('New password');
  submitNow(password, confirmation);
}

describe('reset password', () => {
  it('refuses a link without a token', async () => {
    stubApi();
    renderRoute('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid reset link. Please request a new password reset.',
    );
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks that the passwords match and are long enough before calling', async () => {
    const fetchMock = stubApi();
    renderRoute('/reset-password?token=tok');
    await submit('secret1', 'secret2');
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    await submit('abc', 'abc');
    expect(screen.getByRole('alert').textContent).toBe(
      'Password must be at least 6 characters long',
    );
    expect(callsTo(fetchMock, 'POST', '/api/password/reset')).toHaveLength(0);
  });

  it("shows the spec's text for a bad token", async () => {
    stubApi({ 'POST /api/password/reset': () => errorResponse('reset_link_invalid') });
    renderRoute('/reset-password?token=used');
    await submit('secret1', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Invalid reset link. Please request a new password reset.',
    );
  });

  it("falls back to 'Failed to reset password' for other failures", async () => {
    stubApi({
      'POST /api/password/reset': () => errorResponse('internal'),
    });
    renderRoute('/reset-password?token=tok');
    await submit('secret1', 'secret1');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to reset password');
  });

  it('saves the new password, says so and goes to /login after 3 s', async () => {
    const fetchMock = stubApi({ 'POST /api/password/reset': () => emptyResponse() });
    const router = renderRoute('/reset-password?token=tok');
    await screen.findByLabelText('New password');
    useFakeClock();
    submitNow('secret1', 'secret1');
    await waitUntil(() => screen.getByText('Password updated! Redirecting to login...'));
    expect(callsTo(fetchMock, 'POST', '/api/password/reset')).toEqual([
      { token: 'tok', newPassword: 'secret1' },
    ]);
    await advanceClock(2900);
    expect(router.state.location.pathname).toBe('/reset-password');
    await advanceClock(200);
    await waitUntil(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
