import { StatusBadge } from '@web/components/StatusBadge';

/** The collector's own orders (billing is not described by the spec): a failed or expired order says so. */
export function OrderStatusBadge({ status }: { status: string }) {
  return <StatusBadge status={status} />;
}
