import { TEAM_MEMBERS_MAX_LENGTH, TEAM_NAME_MAX_LENGTH } from '@tappa/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { RegistrationForm } from './registration-form';

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
});
