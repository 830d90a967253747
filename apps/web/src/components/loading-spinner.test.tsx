import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render-in-router';
import { LoadingSpinner } from './loading-spinner';

describe('LoadingSpinner', () => {
  it("shows 'Loading...' as a status", () => {
    renderWithProviders(<LoadingSpinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });
});
