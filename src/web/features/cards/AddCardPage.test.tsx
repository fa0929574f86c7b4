import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@web/test/mock-api';
import { renderWithApp, testUser } from '@web/test/render';
import AddCardPage from './AddCardPage';

afterEach(() => vi.unstubAllGlobals());

describe('add card page', () => {
  it('tells a Starter with no credits, before any upload, that grading needs a credit and where to buy one', async () => {
    mockApi({});
    renderWithApp(<AddCardPage />, { user: testUser({ credits: 0 }) });
    expect(await screen.findByText('You have no grading credits left')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/account\/checkout\/credits/),
    );
    expect(screen.getByRole('button', { name: 'Add card to my collection' })).toBeEnabled();
  });

  it('says nothing of credits to Pro, and offers detail photos as styled photo slots', () => {
    mockApi({});
    renderWithApp(<AddCardPage />, { user: testUser({ accountType: 'pro', credits: 0 }) });
    expect(screen.queryByText('You have no grading credits left')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add card and continue' })).toBeInTheDocument();
    const detail = screen.getByLabelText('Add detail photos');
    expect(detail).toHaveAttribute('type', 'file');
    expect(detail).toHaveClass('sr-only');
    expect(screen.getByRole('group', { name: /Detail photos/ })).toBeInTheDocument();
  });
});
