import { ShieldAlert } from 'lucide-react';
import { useAuth } from '@web/lib/auth';
import ComingSoonPage from './ComingSoonPage';
import { PageContainer, PageHeader } from './PageHeader';

/** The back-office is for administrators only (spec §6); everyone else sees Access Denied. */
export default function AdminGate() {
  const { isAdmin } = useAuth();
  if (isAdmin) return <ComingSoonPage title="Back-office" />;
  return (
    <PageContainer>
      <PageHeader title="Access Denied" />
      <div className="flex items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <ShieldAlert aria-hidden className="size-6 shrink-0" />
        <p>This area is for administrators. If you think you should have access, ask an administrator of your team.</p>
      </div>
    </PageContainer>
  );
}
