import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@web/components/ui/button';
import { ConfirmPanel } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api';
import { api } from '@web/lib/api-client';

/** Removes the card from the collection after a confirmation, then goes to the collection. */
export function DeleteCardButton({ cardId, cardName }: { cardId: string; cardName: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => api('DELETE /api/user-cards/:id', { params: { id: cardId } }),
    onSuccess: () => {
      setOpen(false);
      toast.success('Card deleted', { description: `${cardName} was removed from your collection.` });
      // Lists, totals and binders all counted this card.
      void queryClient.invalidateQueries({ queryKey: ['/api/user-cards'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/collection/summary'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/binders'] });
      void navigate('/account/collection');
    },
    onError: (e) => toast.error('Error', { description: errorMessage(e, 'The card could not be deleted. Please try again.') }),
  });
  return (
    <AlertDialog.Root open={open} onOpenChange={(o) => !remove.isPending && setOpen(o)}>
      <AlertDialog.Trigger asChild>
        <Button variant="ghost" className="text-red-800 hover:bg-red-50 hover:text-red-900">
          <Trash2 aria-hidden /> Delete card
        </Button>
      </AlertDialog.Trigger>
      <ConfirmPanel
        title={`Delete ${cardName}?`}
        description="The card, its photos, every grading of it and its places in your binders are removed for good. Credits spent on its gradings are not returned."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <AlertDialog.Cancel asChild>
            <Button variant="outline">Keep the card</Button>
          </AlertDialog.Cancel>
          {/* Not AlertDialog.Action: it would close the dialog before the request has succeeded. */}
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting…' : 'Delete card'}
          </Button>
        </div>
      </ConfirmPanel>
    </AlertDialog.Root>
  );
}
