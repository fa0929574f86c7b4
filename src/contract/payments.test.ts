import { expect, it } from 'vitest';
import { ZLocalPayRequest, orderStatusLabel, packageFromQuery } from './payments';

it('takes the package from a query string, falling back to the default pack for anything unknown', () => {
  expect(packageFromQuery('small')).toBe('small');
  expect(packageFromQuery('large')).toBe('large');
  for (const odd of [null, undefined, '', 'LARGE', 'huge', '<script>']) expect(packageFromQuery(odd)).toBe('standard');
});

it('words order statuses as spec §2.7 does: Complete, Processing, else Pending', () => {
  expect(['completed', 'processing', 'pending', 'failed', 'expired', 'x'].map(orderStatusLabel)).toEqual([
    'Complete',
    'Processing',
    'Pending',
    'Pending',
    'Pending',
    'Pending',
  ]);
});

it('accepts card numbers typed with spaces or dashes', () => {
  expect(ZLocalPayRequest.parse({ cardNumber: '4242 4242-4242 4242' }).cardNumber).toBe('4242424242424242');
  expect(ZLocalPayRequest.safeParse({ cardNumber: '4242' }).success).toBe(false);
});
