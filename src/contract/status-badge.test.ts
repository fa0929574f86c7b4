import { expect, it } from 'vitest';
import { statusBadgeText } from './status-badge';

it("keeps spec §2.7's three words and names what the spec folds into Pending", () => {
  const rows = ['completed', 'processing', 'pending', 'failed', 'expired', 'cancelled', 'x'].map((s) => {
    const b = statusBadgeText(s);
    return [s, b.specLabel, b.outcome?.label ?? null, b.label];
  });
  expect(rows).toEqual([
    ['completed', 'Complete', null, 'Complete'],
    ['processing', 'Processing', null, 'Processing'],
    ['pending', 'Pending', null, 'Pending'],
    ['failed', 'Pending', 'Failed', 'Failed'],
    ['expired', 'Pending', 'Expired', 'Expired'],
    ['cancelled', 'Pending', 'Cancelled', 'Cancelled'],
    ['x', 'Pending', null, 'Pending'],
  ]);
  expect(statusBadgeText('failed').tone).toBe('red');
});
