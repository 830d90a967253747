import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_TENANT } from '../../test/kits/superadmin-tenants';
import { TenantForm } from './tenant-form';
import { valuesFromTenant } from './tenant-form-values';

/** The Brand tab's form of SAMPLE_TENANT keeping its positions `days` days; `submit` spied. */
function renderBrandForm(days: number) {
  const submit = vi.fn<(form: FormData) => void>();
  render(
    <TenantForm
      mode="brand"
      initial={valuesFromTenant({ ...SAMPLE_TENANT, location_retention_days: days })}
      submit={submit}
      isPending={false}
      error={null}
    />,
  );
  const privacy = within(screen.getByRole('group', { name: 'Privacy' }));
  const field = privacy.getByLabelText('Conservazione delle posizioni (giorni)');
  return { submit, privacy, field };
}

/** The `data` part of the last form sent. */
function sentData(submit: ReturnType<typeof vi.fn<(form: FormData) => void>>) {
  const data = submit.mock.lastCall?.[0].get('data');
  if (typeof data !== 'string') throw new Error('expected a data part');
  return JSON.parse(data) as Record<string, unknown>;
}

describe('TenantForm position retention (decision 0086)', () => {
  it('shows the stored days with their hint and sends the typed ones', () => {
    const { submit, privacy, field } = renderBrandForm(30);
    expect(field).toHaveProperty('value', '30');
    expect(field).toHaveProperty('type', 'number');
    expect(
      privacy.getByText(
        "Da 0 a 90 giorni, poi restano solo i conteggi per tappa. 0: cancellate entro un'ora.",
      ),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
    expect(sentData(submit)).toMatchObject({ location_retention_days: 0 });
  });

  it('refuses days out of range with its own message, sends nothing and focuses the field', () => {
    const { submit, privacy, field } = renderBrandForm(14);
    fireEvent.change(field, { target: { value: '91' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(privacy.getByText('Un numero intero di giorni da 0 a 90')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(screen.getByText('Please correct the highlighted fields')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    fireEvent.change(field, { target: { value: '90' } });
    expect(privacy.queryByText('Un numero intero di giorni da 0 a 90')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(sentData(submit)).toMatchObject({ location_retention_days: 90 });
  });
});
