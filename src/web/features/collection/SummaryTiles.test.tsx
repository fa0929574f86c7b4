import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TCollectionSummaryResponse } from '@contract/collection';
import { SummaryTiles } from './SummaryTiles';

// jsdom has no ResizeObserver; Radix's popper measures the trigger with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const summary: TCollectionSummaryResponse = {
  totalCards: 11,
  totalCopies: 15,
  gradedCards: 8,
  marketValuedCards: 2,
  unvaluedCards: 1,
  pricedCards: 9,
  gainLossCards: 7,
  estimatedValue: '1250.50',
  totalCost: '900.00',
  gainLoss: '150.25',
  roiPercent: 17.4,
  averageGrade: 8.5,
  valueHistory: [],
};

describe('collection summary tiles', () => {
  it('counts cards as the grid lists them, copies beside them, and the cards left without a value', () => {
    render(<SummaryTiles s={summary} />);
    expect(screen.getByText('11 (8 graded)')).toBeInTheDocument();
    expect(screen.getByText('15 copies')).toBeInTheDocument();
    expect(screen.getByText('$1,250.50')).toBeInTheDocument();
    expect(screen.getByText('1 card without a value')).toBeInTheDocument();
    expect(screen.getByText('+$150.25 (+17.4%)')).toBeInTheDocument();
  });

  it('states each definition in a popover reached by keyboard, and by a tap', async () => {
    const user = userEvent.setup();
    render(<SummaryTiles s={summary} />);
    // Keyboard: Tab to the Cards "i" button, Enter opens its definition, Escape closes it.
    await user.tab();
    const cardsInfo = screen.getByRole('button', { name: 'About Cards' });
    expect(cardsInfo).toHaveFocus();
    expect(cardsInfo).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(cardsInfo).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText(/Cards as the grid lists them: 11 cards, 8 with a completed grading/)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(cardsInfo).toHaveAttribute('aria-expanded', 'false');
    expect(cardsInfo).toHaveFocus();
    // A tap (pointer) on Gain / loss's button.
    await user.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'About Gain / loss' }) });
    expect(await screen.findByText(/over the 7 cards that have both a value and a purchase price/)).toBeVisible();
  });

  it('explains the value rule: graded value, else the market price, the rest left out', async () => {
    const user = userEvent.setup();
    render(<SummaryTiles s={summary} />);
    await user.click(screen.getByRole('button', { name: 'About Estimated value' }));
    expect(
      await screen.findByText(
        /graded value of its latest grading when graded \(8\), else the market price of its printing ungraded \(2\)\. 1 card with neither is left out/,
      ),
    ).toBeVisible();
  });
});
