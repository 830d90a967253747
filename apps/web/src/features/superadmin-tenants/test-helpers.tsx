import type { TenantDetail } from '@tappa/contracts';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../app/providers';

/** Answers one stubbed request. */
export type StubHandler = (init: RequestInit | undefined) => Response;

/** A JSON response with the given status. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The URL of a fetch input. */
function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/** Stubs `fetch` with handlers keyed by "METHOD /path"; anything else answers 404. */
export function stubApi(handlers: Record<string, StubHandler>) {
  const mock = vi.fn<typeof fetch>((input, init) => {
    const key = `${init?.method ?? 'GET'} ${urlOf(input)}`;
    const handler = handlers[key];
    return Promise.resolve(
      handler ? handler(init) : json(404, { error: { code: 'not_found', message: key } }),
    );
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The calls of a fetch mock as "METHOD /path" strings. */
export function callKeys(mock: ReturnType<typeof stubApi>): string[] {
  return mock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${urlOf(input)}`);
}

/** The JSON `data` part and the form of the multipart body of a fetch call. */
export function multipartOf(init: RequestInit | undefined) {
  const form = init?.body;
  if (!(form instanceof FormData)) throw new Error('expected a multipart body');
  const data = form.get('data');
  if (typeof data !== 'string') throw new Error('expected a data part');
  const parsed: unknown = JSON.parse(data);
  return { form, data: parsed };
}

/** Renders `element` at `/superadmin` with the app's providers and a stub media page. */
export function renderAtSuperadmin(element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/superadmin', element },
      { path: '/superadmin/media', element: <h1>Media page</h1> },
    ],
    { initialEntries: ['/superadmin'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
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
};
