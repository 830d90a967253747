/** The superadmin's tenant form as the web sends it in `data`, with `overrides`. */
export const tenantFields = (overrides: Record<string, unknown> = {}) => ({
  name: 'Città di Prova',
  slug: null,
  primary_color: '#3B82F6',
  secondary_color: '#10B981',
  payoff: null,
  description: '<p><b>Benvenuti</b></p>',
  admin_email: 'first.admin@prova.it',
  company_name: 'Prova srl',
  address: 'Via Roma 1',
  city: 'Roma',
  postal_code: '00100',
  country: 'IT',
  tax_code: null,
  vat_number: 'IT12345678901',
  sdi_code: null,
  expiry_date: null,
  is_active: true,
  phone: null,
  mobile: null,
  email: null,
  admin_password: 'first-pass',
  ...overrides,
});

/** The Brand tab's body: the tenant's fields without the expiry date and the admin password. */
export function brandFields(overrides: Record<string, unknown> = {}) {
  const { admin_password: _password, expiry_date: _expiry, ...fields } = tenantFields();
  return { ...fields, ...overrides };
}

/** The route form (create or edit) as the web sends it, with `overrides`. */
export const routeFields = (overrides: Record<string, unknown> = {}) => ({
  title: 'Nuovo giro',
  slug: null,
  description: null,
  access_type: 'free',
  route_type: 'progressive',
  geolocation_enabled: false,
  time_limit_enabled: false,
  time_limit_hours: 0,
  time_limit_minutes: 0,
  date_start: null,
  date_end: null,
  ...overrides,
});

/** One row of 'Gestione Listini' as the web sends it, with `overrides`. */
export const pricingFields = (overrides: Record<string, unknown> = {}) => ({
  date_from: '2026-06-01',
  time_from: '00:00',
  date_to: '2026-06-30',
  time_to: '23:59',
  cost_euro: 9.5,
  is_priority: 0,
  discount_code: null,
  discount_type: 'percentage',
  discount_percentage: null,
  discount_price: null,
  ...overrides,
});
