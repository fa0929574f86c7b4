import { Badge } from '@web/components/ui/badge';
import { isAdministrator } from '@contract/auth-rules';
import { StatusBadge as SharedStatusBadge } from '@web/components/StatusBadge';

/** Spec §2.7/§4: Complete (completed), Processing (processing), Pending (anything else), plus a failed or expired outcome. */
export function StatusBadge({ status }: { status: string }) {
  return <SharedStatusBadge status={status} spec />;
}

const ROLE_LABEL: Record<string, string> = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' };

/** Administrators' badges stand apart from everyone else's (§2.7). */
export function RoleBadge({ role }: { role: string }) {
  return (
    <Badge variant={isAdministrator(role) ? 'red' : 'gray'} data-admin={isAdministrator(role) ? '' : undefined}>
      {ROLE_LABEL[role] ?? role}
    </Badge>
  );
}

/** §4's colours: active green, canceled red, incomplete yellow, trialing blue, past_due orange. */
const SUBSCRIPTION_VARIANT = { active: 'green', canceled: 'red', incomplete: 'yellow', trialing: 'blue', past_due: 'orange' } as const;
const SUBSCRIPTION_LABEL: Record<string, string> = {
  active: 'Active',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
  trialing: 'Trialing',
  past_due: 'Past Due',
};
export function SubscriptionStatusBadge({ status }: { status: string }) {
  const variant = SUBSCRIPTION_VARIANT[status as keyof typeof SUBSCRIPTION_VARIANT] ?? 'gray';
  return <Badge variant={variant}>{SUBSCRIPTION_LABEL[status] ?? status}</Badge>;
}

export function RarityBadge({ rarity }: { rarity: string | null }) {
  if (!rarity) return null;
  return <Badge variant={/rare/i.test(rarity) ? 'gold' : 'gray'}>{rarity}</Badge>;
}
