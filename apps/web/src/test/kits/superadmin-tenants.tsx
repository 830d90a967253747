// Test support of the superadmin's tenant screens (never imported by app code).
import type { TenantDetail } from '@tappa/contracts';
import type { ReactNode } from 'react';
import { renderInRouter } from '../render-in-router';

/** Renders `element` at `/superadmin` with the app's providers and a stub media page. */
export function renderAtSuperadmin(element: ReactNode) {
  return renderInRouter(
    [
      { path: '/superadmin', element },
      { path: '/superadmin/media', element: <h1>Media page</h1> },
    ],
    '/superadmin',
  );
}

/** A stored tenant with every field, as `GET /api/platform/tenants/{id}` answers. */
export const SAMPLE_TENANT: TenantDetail = {
  id: 't1',
  slug: 'acme',
  name: 'Acme',
  created_at: '2024-03-15T10:00:00.000Z',
  logo_url: '/files/brand-assets/acme/logo.png',
  favicon_url: null,
  footer_logo_url: null,
  brand_logo_url: null,
  brand_favicon_url: null,
  primary_color: '#112233',
  secondary_color: '#445566',
  payoff: 'Avventure in città',
  description: null,
  admin_email: 'admin@acme.test',
  company_name: 'Acme Srl',
  address: 'Via Roma 1',
  city: 'Torino',
  postal_code: '10100',
  country: 'IT',
  tax_code: null,
  vat_number: 'IT01234567890',
  sdi_code: null,
  expiry_date: '2030-12-31',
  is_active: true,
  phone: null,
  mobile: null,
  email: 'info@acme.test',
  time_zone: 'Europe/Rome',
  location_retention_days: 30,
};
