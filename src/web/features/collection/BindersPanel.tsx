import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Globe, Lock, Pencil, Trash2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TBinderSummary, TUpdateBinderRequest } from '@contract/binders';
import { Button } from '@web/components/ui/button';
import { DialogPanel } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api';
import { CARD, formatCount, formatDollars } from '@web/lib/format';
import { BinderForm, type BinderFormValues } from './BinderForm';
import { api, useApiQuery } from '@web/lib/api-client';

/** The collector's binders (the page's tab label counts them too; one request serves both). */
export const useBinders = () => useApiQuery('GET /api/binders', { queryKey: ['/api/binders'], staleTime: 0 });

/** The Binders tab of the collection screen: create, rename, share and delete binders. */
export function BindersPanel() {
  const queryClient = useQueryClient();
  const binders = useBinders();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/binders'] });
  const create = useMutation({
    mutationFn: (body: BinderFormValues) => api('POST /api/binders', { body }),
    onSuccess: () => (refresh(), toast.success('Binder created')),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: TUpdateBinderRequest }) => api('PATCH /api/binders/:id', { params: { id }, body }),
    onSuccess: () => refresh(),
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api('DELETE /api/binders/:id', { params: { id } }),
    onSuccess: () => (refresh(), toast.success('Binder deleted')),
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">Group your cards into binders, and share a binder with a public link.</p>
      <div className="sm:max-w-lg">
        <BinderForm draftName="new-binder" submitLabel="Create" onSave={(v) => create.mutateAsync(v)} />
      </div>
      <ul className="divide-y divide-slate-100 border-t border-slate-100">
        {(binders.data ?? []).map((b) => (
          <li key={b.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
            <BinderCover url={b.coverImageUrl} />
            <div className="min-w-0 flex-1 basis-48">
              <Link to={`/account/collection/binder-detail/${b.id}`} className="break-words font-medium text-brand-700 hover:underline">
                {b.name}
              </Link>
              <p className="text-sm text-slate-600">
                {formatCount(b.cardCount, CARD)} · {formatDollars(b.totalValue)}
              </p>
              {b.description && <p className="mt-0.5 line-clamp-2 text-sm text-slate-700">{b.description}</p>}
            </div>
            <div className="-ml-3 flex gap-1 sm:ml-0">
              <Button
                size="sm"
                variant="ghost"
                aria-pressed={b.isPublic}
                onClick={() => update.mutate({ id: b.id, body: { isPublic: !b.isPublic } })}
              >
                {b.isPublic ? <Globe aria-hidden /> : <Lock aria-hidden />} {b.isPublic ? 'Public' : 'Private'}
              </Button>
              <EditBinderDialog binder={b} onSaved={refresh} />
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${b.name}`}
                onClick={() => window.confirm(`Delete the binder “${b.name}”? Its cards stay in your collection.`) && remove.mutate(b.id)}
              >
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
        {binders.data?.length === 0 && (
          <li className="py-3 text-sm text-slate-600">No binders yet. Create one above, then add cards to it from a card’s page.</li>
        )}
      </ul>
    </div>
  );
}

/** The binder's cover card (its owner's choice, else its first card), as a small card in a sleeve; decoration only. */
function BinderCover({ url }: { url: string | null }) {
  return (
    <div aria-hidden className="aspect-[63/88] w-10 shrink-0 overflow-hidden rounded-[3px] border border-slate-300 bg-slate-100 shadow-sm">
      {url && <img src={url} alt="" loading="lazy" className="size-full object-cover" />}
    </div>
  );
}

/** Name and description of a binder, edited in a dialog (spec §2.4 shows the description). */
function EditBinderDialog({ binder, onSaved }: { binder: TBinderSummary; onSaved: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost" aria-label={`Edit ${binder.name}`}>
          <Pencil aria-hidden /> Edit
        </Button>
      </Dialog.Trigger>
      <DialogPanel title="Edit binder" description="Its name and description show on the binder page, and to anyone you share it with.">
        <BinderForm
          initial={{ name: binder.name, description: binder.description }}
          draftName={`binder:${binder.id}`}
          submitLabel="Save"
          onCancel={() => setOpen(false)}
          onSave={async (v) => {
            await api('PATCH /api/binders/:id', { params: { id: binder.id }, body: v });
            onSaved();
            toast.success('Binder saved');
            setOpen(false);
          }}
        />
      </DialogPanel>
    </Dialog.Root>
  );
}
