import { formatDay } from './format-day';

type Snapshot = { status: string; cancelAtPeriodEnd: boolean; currentPeriodEnd: Date | null } | null;

const live = (s: Snapshot) => !!s && ['active', 'trialing', 'past_due'].includes(s.status);

/**
 * The notification a subscription change deserves, decided from the state before and after (never
 * from which event arrived), so replays and reordered events write it once.
 */
export function subscriptionNotice(
  before: Snapshot,
  after: NonNullable<Snapshot>,
  ctx: { graceEnd: Date | null; credits: number },
): { title: string; message: string } | null {
  const end = after.currentPeriodEnd ? formatDay(after.currentPeriodEnd) : 'the end of the period';
  if (!live(after)) {
    if (!live(before)) return null;
    return {
      title: 'Pro has ended',
      message: `Your account is back on Starter with your ${ctx.credits} credit${ctx.credits === 1 ? '' : 's'}. You can subscribe again any time.`,
    };
  }
  if (after.status === 'past_due') {
    if (before?.status === 'past_due') return null;
    const until = ctx.graceEnd ? formatDay(ctx.graceEnd) : 'a few days';
    return {
      title: 'Payment for Pro failed',
      message: `We couldn't charge your card for Pro. Update your payment method in Billing; Pro stays on until ${until}.`,
    };
  }
  if (!live(before) || before?.status === 'past_due') {
    return {
      title: before?.status === 'past_due' ? 'Pro payment received' : 'Welcome to Pro',
      message: `Your Pro plan is active: unlimited gradings. It renews on ${end}.`,
    };
  }
  if (after.cancelAtPeriodEnd && !before!.cancelAtPeriodEnd)
    return {
      title: 'Pro will end',
      message: `Your Pro plan is cancelled and stays on until ${end}. Resume it from Billing if you change your mind.`,
    };
  if (!after.cancelAtPeriodEnd && before!.cancelAtPeriodEnd)
    return { title: 'Pro resumed', message: `Your Pro plan will renew on ${end}.` };
  return null;
}
