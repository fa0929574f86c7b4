import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { useDocumentTitle } from '@web/lib/use-document-title';

/**
 * What a share link shows when the server answers 404: the binder is missing, private, or does not
 * hold the card. One message for all three, as the server gives one answer, so a link never tells
 * whether a private binder exists.
 */
export function NotShared({ what }: { what: 'binder' | 'card' }) {
  useDocumentTitle(`${what === 'binder' ? 'Binder' : 'Card'} not found`);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">{what === 'binder' ? 'Binder' : 'Card'} not found or not shared</h1>
      <p className="text-slate-700">The link may be mistyped, or its owner has made the binder private. Ask them for a fresh link.</p>
      <Button asChild>
        <Link to="/">Back to Home</Link>
      </Button>
    </div>
  );
}
