import { describe, expect, it } from 'vitest';
import { slugError, validateTenantForm } from './tenant-form-validation';
import { EMPTY_TENANT_FORM, toTenantWrite } from './tenant-form-values';

const VALID = {
  ...EMPTY_TENANT_FORM,
  name: 'Acme',
  company_name: 'Acme Srl',
  admin_email: 'admin@acme.test',
  admin_password: 'secret1',
};

describe('validateTenantForm', () => {
  it('accepts a complete new tenant', () => {
    expect(validateTenantForm(VALID, 'create')).toEqual({});
  });

  it('requires the password on create only', () => {
    const blank = { ...VALID, admin_password: '' };
    expect(validateTenantForm(blank, 'create')).toEqual({ admin_password: 'required' });
    expect(validateTenantForm(blank, 'edit')).toEqual({});
    expect(validateTenantForm({ ...VALID, admin_password: '12345' }, 'edit')).toEqual({
      admin_password: 'passwordTooShort',
    });
  });

  it.each([
    ['0', {}],
    ['30', {}],
    [' 90 ', {}],
    ['91', { location_retention_days: 'retentionDays' }],
    ['-1', { location_retention_days: 'retentionDays' }],
    ['7.5', { location_retention_days: 'retentionDays' }],
    ['', { location_retention_days: 'retentionDays' }],
  ])('takes %j days of position retention → %j', (days, expected) => {
    expect(validateTenantForm({ ...VALID, location_retention_days: days }, 'create')).toEqual(
      expected,
    );
  });

  it('checks the e-mail shapes', () => {
    const values = { ...VALID, admin_email: 'nope', email: 'also nope' };
    expect(validateTenantForm(values, 'create')).toEqual({
      admin_email: 'invalidEmail',
      email: 'invalidEmail',
    });
  });
});

describe('slugError', () => {
  it('refuses a reserved slug, typed or derived from the name', () => {
    expect(slugError({ name: 'Acme', slug: 'API' })).toBe('slugReserved');
    expect(slugError({ name: 'Home', slug: '' })).toBe('slugReserved');
    expect(slugError({ name: 'Home', slug: 'home-tours' })).toBeNull();
  });

  it('refuses a slug without letters or digits, and waits while both are blank', () => {
    expect(slugError({ name: '!!!', slug: '' })).toBe('slugEmpty');
    expect(slugError({ name: '', slug: '' })).toBeNull();
  });
});

describe('toTenantWrite', () => {
  it('normalises a typed slug and keeps a blank one null', () => {
    expect(toTenantWrite({ ...VALID, slug: 'Caffè Roma' }).slug).toBe('caffe-roma');
    expect(toTenantWrite({ ...VALID, slug: '  ' }).slug).toBeNull();
  });
});

describe('toTenantWrite retention', () => {
  it('sends the days as a number, 30 unless typed', () => {
    expect(toTenantWrite(VALID).location_retention_days).toBe(30);
    expect(
      toTenantWrite({ ...VALID, location_retention_days: ' 0 ' }).location_retention_days,
    ).toBe(0);
  });
});
