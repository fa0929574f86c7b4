import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ValueChart } from './ValueChart';

const HISTORY = [
  { month: '2025-11', value: '1250.00' },
  { month: '2026-01', value: '1960.00' },
  { month: '2026-02', value: '3260.00' },
];
const show = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('ValueChart', () => {
  it('shows the current value, the change since the first month, axes and a point per month', () => {
    show(<ValueChart points={HISTORY} />);
    expect(
      screen.getByRole('img', { name: 'Collection value from $1,250.00 in November 2025 to $3,260.00 in February 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Current value').nextSibling).toHaveTextContent('$3,260.00');
    expect(screen.getByText('+$2,010.00 (+160.8%)')).toHaveClass('text-green-800');
    expect(screen.getByText('since Nov 2025')).toBeInTheDocument();
    // December had no gradings: it is filled in so that the axis follows time.
    const points = within(screen.getByRole('group', { name: /Value by month/ })).getAllByRole('button');
    expect(points.map((b) => b.getAttribute('aria-label'))).toEqual([
      'November 2025: $1,250.00',
      'December 2025: $1,250.00, no new gradings',
      'January 2026: $1,960.00',
      'February 2026: $3,260.00',
    ]);
    const svg = screen.getByRole('img');
    expect([...svg.querySelectorAll('text')].map((t) => t.textContent)).toEqual(
      expect.arrayContaining(['$0', '$1K', '$2K', '$3K', '$4K', 'Nov 2025', 'Feb 2026', '$3,260.00']),
    );
    expect(svg.querySelectorAll('circle')).toHaveLength(4);
  });

  it('shows a tooltip on a focused point, moves with the arrow keys and hides on Escape', async () => {
    const user = userEvent.setup();
    show(<ValueChart points={HISTORY} />);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'February 2026: $3,260.00' })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Feb 2026$3,260.00+$1,300.00 from new gradings');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('button', { name: /^December 2025/ })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('Dec 2025$1,250.00No new gradings');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tooltip')).toHaveTextContent('Nov 2025$1,250.00+$1,250.00 from new gradings');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    // One tab stop for the whole chart: the last point focused.
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
  });

  it('shows a tap on a point', async () => {
    const user = userEvent.setup();
    show(<ValueChart points={HISTORY} />);
    await user.pointer({ keys: '[TouchA]', target: screen.getByRole('button', { name: 'January 2026: $1,960.00' }) });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Jan 2026$1,960.00+$710.00 from new gradings');
  });

  it('marks a fall in red with a minus sign and a falling icon, not by colour alone', () => {
    show(
      <ValueChart
        points={[
          { month: '2026-01', value: '200.00' },
          { month: '2026-02', value: '150.00' },
        ]}
      />,
    );
    expect(screen.getByText('\u2212$50.00 (\u221225.0%)')).toHaveClass('text-red-800');
  });

  it('draws a single month as one emphasised point with its value and a note', () => {
    show(<ValueChart points={[{ month: '2026-03', value: '480.00' }]} />);
    expect(screen.getByRole('img', { name: 'Collection value in March 2026: $480.00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'March 2026: $480.00' })).toBeInTheDocument();
    expect(screen.getByText('The line grows as you add or grade cards in more months.')).toBeInTheDocument();
    expect(screen.queryByText(/since/)).not.toBeInTheDocument();
    const texts = [...screen.getByRole('img').querySelectorAll('text')].map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(['$480.00', 'Mar 2026']));
  });

  it('invites to grade a card when there is nothing to draw', () => {
    show(<ValueChart points={[]} />);
    expect(screen.getByText('Your collection’s value will show here')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Grade a card' })).toHaveAttribute('href', '/account/card/add-card');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('leaves the headline value out when compact', () => {
    show(<ValueChart points={HISTORY} compact />);
    expect(screen.queryByText('Current value')).not.toBeInTheDocument();
    expect(screen.getByText('+$2,010.00 (+160.8%)')).toBeInTheDocument();
    expect(screen.getByRole('img').getAttribute('height')).toBe('140');
  });
});
