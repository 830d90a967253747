import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../../api/session';
import { createQueryClient } from '../../../lib/query-client';
import { advanceClock, useFakeClock, waitUntil } from '../../../test/fake-clock';
import { renderInRouter } from '../../../test/render-in-router';
import { renderRoute } from '../../../test/render-route';
import {
  callsTo,
  emptyResponse,
  errorResponse,
  jsonResponse,
  PLATFORM_BRAND,
  sessionHandler,
  sessionOf,
  stubApi,
} from '../../../test/stub-api';
import { LoginPage } from './login-page';

/** Fills the sign-in form and submits it. */
async function signIn(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('generic login', () => {
  it('wears the platform brand: its favicon, colours and logo', async () => {
    stubApi({
      'GET /api/public/platform-brand': () =>
        jsonResponse(200, {
          ...PLATFORM_BRAND,
          logo_url: '/files/tappa/logo.png',
          favicon_url: '/files/tappa/favicon.ico',
          primary_color: '#112233',
        }),
    });
    renderRoute('/login');
    const logo = await screen.findByRole('img', { name: 'Tappa' });
    expect(logo.getAttribute('src')).toBe('/files/tappa/logo.png');
    const main = screen.getByRole('main');
    expect(main.style.getPropertyValue('--color-primary')).toBe('#112233');
    expect(main.style.getPropertyValue('--color-secondary')).toBe('#10B981');
    await waitFor(() =>
      expect(document.querySelector('link[rel~="icon"]')?.getAttribute('href')).toBe(
        '/files/tappa/favicon.ico',
      ),
    );
  });

  it('checks the fields before calling the server', async () => {
    const fetchMock = stubApi();
    renderRoute('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await signIn('not-an-email', 'secret');
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/session/sign-in')).toHaveLength(0);
  });

  it("shows the text of the server's code when the sign-in fails", async () => {
    stubApi({ 'POST /api/session/sign-in': () => errorResponse('sign_in_failed') });
    renderRoute('/login');
    await signIn('mario@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
  });

  it("falls back to 'Authentication failed' when the server gives no message", async () => {
    stubApi({ 'POST /api/session/sign-in': () => new Response('oops', { status: 500 }) });
    renderRoute('/login');
    await signIn('mario@example.com', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Authentication failed');
  });

  it('signs in with the typed credentials and goes to /home, replacing history', async () => {
    const fetchMock = stubApi({
      'POST /api/session/sign-in': () => jsonResponse(200, sessionOf('superadmin')),
    });
    const router = renderRoute('/login');
    await signIn(' mario@example.com ', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(callsTo(fetchMock, 'POST', '/api/session/sign-in')).toEqual([
      { email: 'mario@example.com', password: 'secret' },
    ]);
  });

  it('goes straight to /home when already signed in', async () => {
    stubApi(sessionHandler(sessionOf('player')));
    const router = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('waits 3 s for a missing profile, then shows the permissions error and signs out', async () => {
    useFakeClock();
    const fetchMock = stubApi({
      ...sessionHandler({ profile: null, tenants: [] }),
      'POST /api/session/sign-out': () => emptyResponse(),
    });
    // The session without a profile is there from the first render: the 3 s start with it.
    const client = createQueryClient();
    client.setQueryData(sessionKeys.all, { profile: null, tenants: [] });
    const router = renderInRouter([{ path: '/login', element: <LoginPage /> }], '/login', client);
    await advanceClock(2900);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(callsTo(fetchMock, 'POST', '/api/session/sign-out')).toHaveLength(0);
    await advanceClock(200);
    await waitUntil(() =>
      screen.getByText('Unable to load user profile. This may be a permissions issue.'),
    );
    expect(callsTo(fetchMock, 'POST', '/api/session/sign-out')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('forgot password dialog', () => {
  /** Opens the dialog from the login page after typing `email` in the form. */
  async function openDialog(email: string) {
    renderRoute('/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    return screen.getByRole('dialog', { name: 'Forgot password' });
  }

  it('sends the e-mail, shows the success message and closes itself after 3 s', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      'POST /api/password/forgot': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const dialog = await openDialog('mario@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending).toHaveProperty('disabled', true);
    expect(callsTo(fetchMock, 'POST', '/api/password/forgot')).toEqual([
      { email: 'mario@example.com' },
    ]);

    useFakeClock();
    answer(emptyResponse(202));
    await waitUntil(() => screen.getByText('Password reset email sent! Check your inbox.'));
    await advanceClock(2900);
    expect(dialog.isConnected).toBe(true);
    await advanceClock(200);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the text of the server's code when sending fails", async () => {
    stubApi({ 'POST /api/password/forgot': () => errorResponse('too_many_reset_requests') });
    await openDialog('mario@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many password reset requests. Please try again later.',
    );
  });

  it("falls back to 'Failed to send reset email'", async () => {
    stubApi({ 'POST /api/password/forgot': () => Promise.reject(new TypeError('offline')) });
    await openDialog('mario@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send reset email');
  });

  it('checks the e-mail and closes with Cancel', async () => {
    const fetchMock = stubApi();
    await openDialog('');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', '/api/password/forgot')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
