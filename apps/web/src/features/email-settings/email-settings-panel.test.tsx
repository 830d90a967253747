import type { EmailSettingsView } from '@tappa/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../test/fake-clock';
import { renderWithProviders } from '../../test/render-in-router';
import { callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import {
  EmailSettingsPanel,
  SETTINGS_NOTICE_MS,
  TEST_EMAIL_NOTICE_MS,
} from './email-settings-panel';

const PATH = '/api/platform/email-settings';
const NOTHING_SAVED: EmailSettingsView = {
  sender_email: null,
  api_key_set: false,
  api_key_masked: null,
};
const SAVED: EmailSettingsView = {
  sender_email: 'noreply@tappa.test',
  api_key_set: true,
  api_key_masked: '••••abcd',
};

/** Renders the panel over the stored settings `stored` and the given extra handlers. */
function renderPanel(stored: EmailSettingsView, handlers = {}) {
  const fetchMock = stubApi({ [`GET ${PATH}`]: () => jsonResponse(200, stored), ...handlers });
  renderWithProviders(<EmailSettingsPanel />);
  return fetchMock;
}

/** The form holding the control labelled `label`. */
function formOf(label: string): HTMLElement {
  const form = screen.getByLabelText(label).closest('form');
  if (!form) throw new Error(`no form around ${label}`);
  return form;
}

describe('EmailSettingsPanel settings', () => {
  it('shows the stored key only masked, never in the input', async () => {
    renderPanel(SAVED);
    const key = await screen.findByLabelText('API key');
    expect(key).toHaveProperty('value', '');
    expect(key.getAttribute('placeholder')).toBe('Saved key: ••••abcd');
    expect(screen.getByLabelText('Sender e-mail')).toHaveProperty('value', 'noreply@tappa.test');
  });

  it('requires both fields, with an e-mail for the sender, before sending', async () => {
    const fetchMock = renderPanel(NOTHING_SAVED);
    await screen.findByLabelText('API key');
    const form = formOf('API key');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Settings' }));
    expect(within(form).getAllByText('This field is required')).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Sender e-mail'), { target: { value: 'nope' } });
    expect(within(form).getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', PATH)).toEqual([]);
  });

  it("saves, empties the key and shows 'Settings saved successfully!' for 3 s", async () => {
    const fetchMock = renderPanel(NOTHING_SAVED, {
      [`PUT ${PATH}`]: () => jsonResponse(200, SAVED),
    });
    fireEvent.change(await screen.findByLabelText('API key'), {
      target: { value: 'api-1234abcd' },
    });
    fireEvent.change(screen.getByLabelText('Sender e-mail'), {
      target: { value: 'noreply@tappa.test' },
    });
    useFakeClock();
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitUntil(() => screen.getByText('Settings saved successfully!'));
    expect(callsTo(fetchMock, 'PUT', PATH)).toEqual([
      { api_key: 'api-1234abcd', sender_email: 'noreply@tappa.test' },
    ]);
    const key = screen.getByLabelText('API key');
    expect(key).toHaveProperty('value', '');
    expect(key.getAttribute('placeholder')).toBe('Saved key: ••••abcd');
    await advanceClock(SETTINGS_NOTICE_MS - 100);
    expect(screen.getByText('Settings saved successfully!')).toBeTruthy();
    await advanceClock(100);
    expect(screen.queryByText('Settings saved successfully!')).toBeNull();
  });

  it("shows the server's text when it refuses the settings", async () => {
    renderPanel(NOTHING_SAVED, {
      [`PUT ${PATH}`]: () => errorResponse('validation_failed', { fields: 'api_key' }),
    });
    fireEvent.change(await screen.findByLabelText('API key'), { target: { value: 'k' } });
    fireEvent.change(screen.getByLabelText('Sender e-mail'), {
      target: { value: 'noreply@tappa.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dati non validi: api_key');
  });
});

describe('EmailSettingsPanel test e-mail', () => {
  it('requires a recipient of e-mail format before sending', async () => {
    const fetchMock = renderPanel(SAVED);
    const form = formOf('Recipient');
    fireEvent.click(within(form).getByRole('button', { name: 'Send Test Email' }));
    expect(within(form).getByText('This field is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Recipient'), { target: { value: 'x@y' } });
    expect(within(form).getByText('Enter a valid e-mail address')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${PATH}/test`)).toEqual([]);
  });

  it("sends and shows 'Test email sent successfully!' with the transport, for 5 s", async () => {
    const sent = 'Test email sent successfully! Inviata con SMTP2GO.';
    const fetchMock = renderPanel(SAVED, {
      [`POST ${PATH}/test`]: () => jsonResponse(200, { ok: true, transport: 'smtp2go' }),
    });
    fireEvent.change(screen.getByLabelText('Recipient'), {
      target: { value: 'me@tappa.test' },
    });
    useFakeClock();
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));

    await waitUntil(() => screen.getByText(sent));
    expect(callsTo(fetchMock, 'POST', `${PATH}/test`)).toEqual([{ test_email: 'me@tappa.test' }]);
    await advanceClock(TEST_EMAIL_NOTICE_MS - 100);
    expect(screen.getByText(sent)).toBeTruthy();
    await advanceClock(100);
    expect(screen.queryByText(sent)).toBeNull();
  });

  it.each([
    ['smtp', 'Test email sent successfully! Inviata con il server SMTP (SMTP_URL).'],
    [
      'outbox',
      "Test email sent successfully! Scritta nell'outbox del server (DATA_DIR/outbox): non arriva a nessuno.",
    ],
  ])('says when the test e-mail went through %s', async (transport, text) => {
    renderPanel(SAVED, {
      [`POST ${PATH}/test`]: () => jsonResponse(200, { ok: true, transport }),
    });
    fireEvent.change(screen.getByLabelText('Recipient'), {
      target: { value: 'me@tappa.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it.each([
    [
      errorResponse('test_email_failed', { reason: 'Sender not verified' }),
      'Failed to send test email: Sender not verified',
    ],
    [errorResponse('internal'), 'Failed to send test email'],
  ])('shows a failure with the reason when there is one', async (response, text) => {
    renderPanel(SAVED, { [`POST ${PATH}/test`]: () => response });
    fireEvent.change(screen.getByLabelText('Recipient'), {
      target: { value: 'me@tappa.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Test Email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });
});
