import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@web/test/render';
import NotFoundPage from './NotFoundPage';

describe('not-found page', () => {
  it('says 404 once, in the spec’s heading', () => {
    const { container } = renderWithApp(<NotFoundPage />, { route: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
    expect(container.textContent?.match(/404/g)).toHaveLength(1);
  });
});
