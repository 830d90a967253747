import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { LoadingSpinner } from './loading-spinner';

describe('LoadingSpinner', () => {
  it("shows 'Loading...' as a status", () => {
    render(
      <AppProviders>
        <LoadingSpinner />
      </AppProviders>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });
});
