import { TEAM_MEMBERS_MAX_LENGTH, TEAM_NAME_MAX_LENGTH } from '@tappa/domain';
import type { Registration } from '@tappa/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { jsonResponse, multipartOf, stubApi } from '../../test/stub-api';
import { RegistrationForm } from './registration-form';

const CONSENT = "Le nostre foto possono essere mostrate durante l'evento";

const SAVED: Registration = {
  email: 'team@example.com',
  team_name: 'I Leoni',
  team_members: null,
  avatar_url: null,
  photo_wall_consent: true,
};

/** Stubs the registration's write; its `data` parts are read from the returned mock. */
function stubSave() {
  return stubApi({ 'PUT /api/play/acme/registration': () => jsonResponse(200, SAVED) });
}

/** The `data` part of the one registration write the stub received. */
function sentData(api: ReturnType<typeof stubApi>) {
  const [call, ...more] = api.mock.calls;
  expect(more).toHaveLength(0);
  return multipartOf(call?.[1]).data;
}

afterEach(() => vi.unstubAllGlobals());

describe('RegistrationForm', () => {
  it("bounds the team's name and members by the server's limits", () => {
    renderWithProviders(
      <RegistrationForm slug="acme" registration={null} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    expect(screen.getByLabelText('Nome della squadra')).toHaveProperty(
      'maxLength',
      TEAM_NAME_MAX_LENGTH,
    );
    expect(screen.getByLabelText('Componenti (facoltativo)')).toHaveProperty(
      'maxLength',
      TEAM_MEMBERS_MAX_LENGTH,
    );
  });

  it('shows how much of the limit a name uses once it nears it', () => {
    renderWithProviders(
      <RegistrationForm slug="acme" registration={null} onSaved={vi.fn()} onCancel={vi.fn()} />,
    );
    const name = screen.getByLabelText('Nome della squadra');
    fireEvent.change(name, { target: { value: 'x'.repeat(47) } });
    expect(screen.queryByText(`47/${TEAM_NAME_MAX_LENGTH}`)).toBeNull();
    fireEvent.change(name, { target: { value: 'x'.repeat(48) } });
    expect(screen.getByText(`48/${TEAM_NAME_MAX_LENGTH}`).getAttribute('aria-live')).toBe('polite');
  });

  it('asks for the photo wall consent unticked and sends it as false when left so', async () => {
    const api = stubSave();
    const onSaved = vi.fn();
    renderWithProviders(
      <RegistrationForm slug="acme" registration={null} onSaved={onSaved} onCancel={vi.fn()} />,
    );
    const consent = screen.getByRole('checkbox', { name: CONSENT });
    expect(consent).toHaveProperty('checked', false);
    fireEvent.change(screen.getByLabelText('Nome della squadra'), {
      target: { value: 'I Leoni' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    await waitFor(() => expect(onSaved.mock.calls[0]?.[0]).toEqual(SAVED));
    expect(sentData(api)).toEqual({
      team_name: 'I Leoni',
      team_members: null,
      photo_wall_consent: false,
    });
  });

  it('sends the consent once ticked', async () => {
    const api = stubSave();
    const onSaved = vi.fn();
    renderWithProviders(
      <RegistrationForm slug="acme" registration={null} onSaved={onSaved} onCancel={vi.fn()} />,
    );
    fireEvent.change(screen.getByLabelText('Nome della squadra'), {
      target: { value: 'I Leoni' },
    });
    fireEvent.click(screen.getByRole('checkbox', { name: CONSENT }));
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentData(api)).toMatchObject({ photo_wall_consent: true });
  });

  it("prefills a returning team's consent and sends it taken back", async () => {
    const api = stubSave();
    const onSaved = vi.fn();
    renderWithProviders(
      <RegistrationForm slug="acme" registration={SAVED} onSaved={onSaved} onCancel={vi.fn()} />,
    );
    const consent = screen.getByRole('checkbox', { name: CONSENT });
    expect(consent).toHaveProperty('checked', true);
    fireEvent.click(consent);
    fireEvent.click(screen.getByRole('button', { name: 'Continua' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(sentData(api)).toEqual({
      team_name: 'I Leoni',
      team_members: null,
      photo_wall_consent: false,
    });
  });
});
