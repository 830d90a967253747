import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../test/render-in-router';
import { stubApi } from '../test/stub-api';
import { AppShell } from './app-shell';

describe('AppShell', () => {
  it("names the browser tab after its title bar, or 'Home', and the platform", async () => {
    stubApi();
    const router = renderInRouter(
      [
        { path: '/superadmin', element: <AppShell title="Superadmin Dashboard">x</AppShell> },
        { path: '/home', element: <AppShell>y</AppShell> },
      ],
      '/superadmin',
    );
    await waitFor(() => expect(document.title).toBe('Superadmin Dashboard - Tappa'));
    await router.navigate('/home');
    await waitFor(() => expect(document.title).toBe('Home - Tappa'));
  });
});
