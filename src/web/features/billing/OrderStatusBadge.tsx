import { orderStatusLabel } from '@contract/payments';
import { Badge } from '@web/components/ui/badge';

const VARIANT = { Complete: 'green', Processing: 'blue', Pending: 'yellow' } as const;

/** Spec §2.7's three states: completed → Complete, processing → Processing, anything else → Pending. */
export function OrderStatusBadge({ status }: { status: string }) {
  const label = orderStatusLabel(status);
  return <Badge variant={VARIANT[label]}>{label}</Badge>;
}
