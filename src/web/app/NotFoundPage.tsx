import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      {/* "404" once (issue 24): the spec's heading carries it, no second decorative number above. */}
      <h1 className="text-3xl font-bold text-brand-800">404 Page Not Found</h1>
      <p className="text-slate-600">The page you asked for doesn't exist or has moved.</p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
