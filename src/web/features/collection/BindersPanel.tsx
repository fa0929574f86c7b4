import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Globe, Lock, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TBinderSummary } from '@contract/binders';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { apiRequest, errorMessage } from '@web/lib/api';
import { CARD, formatCount, formatDollars } from '@web/lib/format';

/** The collector's binders (the page's tab label counts them too; one request serves both). */
export const useBinders = () => useQuery<TBinderSummary[]>({ queryKey: ['/api/binders'], staleTime: 0 });

/** The Binders tab of the collection screen: create, rename, share and delete binders. */
export function BindersPanel() {
  const queryClient = useQueryClient();
  const binders = useBinders();
  const [name, setName] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/binders'] });
  const create = useMutation({
    mutationFn: () => apiRequest('POST', '/api/binders', { name }),
    onSuccess: () => (setName(''), refresh(), toast.success('Binder created')),
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  const update = useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) => apiRequest('PATCH', `/api/binders/${id}`, body),
    onSuccess: () => refresh(),
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/binders/${id}`),
    onSuccess: () => (refresh(), toast.success('Binder deleted')),
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">Group your cards into binders, and share a binder with a public link.</p>
      <form className="flex items-end gap-2" onSubmit={(e) => (e.preventDefault(), name.trim() && create.mutate())}>
        <div className="min-w-0 flex-1 sm:max-w-sm">
          <FormField label="New binder name">
            <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={80} placeholder="e.g. Base Set holos" />
          </FormField>
        </div>
        <Button type="submit" disabled={!name.trim() || create.isPending}>
          <Plus aria-hidden /> Create
        </Button>
      </form>
      <ul className="divide-y divide-slate-100 border-t border-slate-100">
        {(binders.data ?? []).map((b) => (
          <li key={b.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
            <div className="min-w-0 flex-1 basis-48">
              <Link to={`/account/collection/binder-detail/${b.id}`} className="font-medium text-brand-700 hover:underline">
                {b.name}
              </Link>
              <p className="text-sm text-slate-600">
                {formatCount(b.cardCount, CARD)} · {formatDollars(b.totalValue)}
              </p>
              {b.description && <p className="mt-0.5 line-clamp-2 text-sm text-slate-700">{b.description}</p>}
            </div>
            <div className="-ml-3 flex gap-1 sm:ml-0">
              <Button size="sm" variant="ghost" aria-pressed={b.isPublic} onClick={() => update.mutate({ id: b.id, body: { isPublic: !b.isPublic } })}>
                {b.isPublic ? <Globe aria-hidden /> : <Lock aria-hidden />} {b.isPublic ? 'Public' : 'Private'}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  const next = window.prompt('Rename binder', b.name);
                  if (next && next.trim() && next !== b.name) update.mutate({ id: b.id, body: { name: next.trim() } });
                }}
              >
                Rename
              </Button>
              <Button size="sm" variant="ghost" aria-label={`Delete ${b.name}`} onClick={() => window.confirm(`Delete the binder “${b.name}”? Its cards stay in your collection.`) && remove.mutate(b.id)}>
                <Trash2 aria-hidden />
              </Button>
            </div>
          </li>
        ))}
        {binders.data?.length === 0 && <li className="py-3 text-sm text-slate-600">No binders yet. Create one above, then add cards to it from a card’s page.</li>}
      </ul>
    </div>
  );
}
