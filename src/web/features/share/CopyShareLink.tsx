import { ExternalLink, Link2, Lock } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { sharedBinderPath } from '@contract/share';
import { Button } from '@web/components/ui/button';
import { copyText } from './copy-text';

/**
 * The owner's share controls on the binder screen (issue 15). A public binder gets "Copy link" with a
 * spoken status; a private one says how to share it instead of offering a link that would answer
 * "not shared". Any signed-in collector can make a binder public: there is no plan check.
 */
export function CopyShareLink({ binderId, isPublic }: { binderId: string; isPublic: boolean }) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const url = `${window.location.origin}${sharedBinderPath(binderId)}`;
  if (!isPublic)
    return (
      <p className="flex items-start gap-2 text-sm text-slate-700">
        <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Only you can see this binder. Make it public under{' '}
          <Link className="font-medium text-brand-800 underline" to="/account/collection?view=binders">
            Collection › Binders
          </Link>{' '}
          to get a link anyone can open, no account needed.
        </span>
      </p>
    );
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        onClick={() => {
          void copyText(url).then((ok) => setStatus(ok ? 'copied' : 'failed'));
        }}
      >
        <Link2 aria-hidden /> Copy link
      </Button>
      <Button asChild size="sm" variant="outline">
        <Link to={sharedBinderPath(binderId)}>
          <ExternalLink aria-hidden /> View as others see it
        </Link>
      </Button>
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {status === 'copied' && 'Link copied'}
        {status === 'failed' && (
          <>
            Copy did not work here: the link is <span className="break-all font-medium">{url}</span>
          </>
        )}
      </p>
    </div>
  );
}
