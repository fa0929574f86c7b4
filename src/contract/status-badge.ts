/**
 * The one mapping from a grading's or an order's status to what its badge says (issue 24.7).
 * Spec §2.7/§4 speaks for the admin submission and order lists: the badge reads Complete
 * (completed), Processing (processing) or Pending (anything else) — that word stays there. A status
 * the spec folds into Pending (failed, expired, cancelled) still gets its own `outcome` so a failed
 * grading is never shown as merely waiting: the spec's lists show it beside the spec's word, and
 * screens the spec does not describe (the collector's dashboard, billing) show the outcome alone.
 */
export type TSpecStatusLabel = 'Complete' | 'Processing' | 'Pending';
export type TStatusTone = 'green' | 'blue' | 'yellow' | 'red' | 'gray';

export interface StatusBadgeText {
  /** Spec §2.7's word. */
  specLabel: TSpecStatusLabel;
  /** What actually happened when the spec's word would hide it (a failed grading, an expired order). */
  outcome: { label: 'Failed' | 'Expired' | 'Cancelled'; tone: TStatusTone } | null;
  /** The word a screen without a spec'd mapping shows: the outcome when there is one, else the spec's word. */
  label: string;
  tone: TStatusTone;
}

const SPEC_TONE: Record<TSpecStatusLabel, TStatusTone> = { Complete: 'green', Processing: 'blue', Pending: 'yellow' };
const OUTCOMES: Record<string, NonNullable<StatusBadgeText['outcome']>> = {
  failed: { label: 'Failed', tone: 'red' },
  expired: { label: 'Expired', tone: 'gray' },
  cancelled: { label: 'Cancelled', tone: 'gray' },
  canceled: { label: 'Cancelled', tone: 'gray' },
};

export function statusBadgeText(status: string): StatusBadgeText {
  const specLabel: TSpecStatusLabel = status === 'completed' ? 'Complete' : status === 'processing' ? 'Processing' : 'Pending';
  const outcome = OUTCOMES[status] ?? null;
  return { specLabel, outcome, label: outcome?.label ?? specLabel, tone: outcome?.tone ?? SPEC_TONE[specLabel] };
}

/** Spec §2.7: completed → Complete, processing → Processing, anything else → Pending. */
export const specStatusLabel = (status: string): TSpecStatusLabel => statusBadgeText(status).specLabel;
