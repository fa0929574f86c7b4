import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { PageContainer, PageHeader } from './PageHeader';

/** An honest placeholder for signed-in screens that arrive in a later release. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <PageContainer>
      <PageHeader title={title} />
      <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Construction aria-hidden className="size-10 text-brand-700" />
        <p className="max-w-md text-slate-700">
          This screen isn't available yet. Your account, profile and security settings are ready now.
        </p>
        <Button asChild variant="outline">
          <Link to="/account/profile">Go to your account</Link>
        </Button>
      </div>
    </PageContainer>
  );
}
