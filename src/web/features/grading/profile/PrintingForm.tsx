import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ZEdition, ZFinish, ZQuantity } from '@contract/printing';
import type { TUserCard } from '@contract/user-cards';
import { Button } from '@web/components/ui/button';
import { api } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/api';
import { PrintingFields, usePrintingChoices, type PrintingFormValues } from '@web/features/cards/PrintingFields';

/** The form's text values through the contract's words: '' is "not told" (null on the wire). */
const blankIsNull = (v: string) => (v === '' ? null : v);
const ZPrintingForm = z.object({
  edition: z.string().transform(blankIsNull).pipe(ZEdition.nullable()),
  finish: z.string().transform(blankIsNull).pipe(ZFinish.nullable()),
  quantity: z.string().transform((v, ctx) => {
    const n = ZQuantity.safeParse(v === '' ? undefined : v);
    if (n.success) return n.data;
    ctx.addIssue({ code: 'custom', message: n.error.issues[0].message });
    return z.NEVER;
  }),
});

/**
 * Edit the printing owned and the copies held. A changed printing re-values the card on the server
 * (its latest grading and its raw value), so every figure on the profile is fetched again.
 */
export function PrintingForm({ card }: { card: TUserCard }) {
  const queryClient = useQueryClient();
  const form = useForm<PrintingFormValues, unknown, z.output<typeof ZPrintingForm>>({
    resolver: zodResolver(ZPrintingForm),
    defaultValues: { edition: card.edition ?? '', finish: card.finish ?? '', quantity: String(card.quantity) },
  });
  const choices = usePrintingChoices(card.cardId, { edition: card.edition ?? '', finish: card.finish ?? '' });
  const save = useMutation({
    mutationFn: (body: z.output<typeof ZPrintingForm>) => api('PATCH /api/user-cards/:id', { params: { id: card.id }, body }),
    onSuccess: (saved) => {
      toast.success('Saved', { description: 'Printing and copies updated; values follow the printing.' });
      form.reset({ edition: saved.edition ?? '', finish: saved.finish ?? '', quantity: String(saved.quantity) });
      // The card, its gradings (re-valued), its raw value and its price history (keyed by printing).
      void queryClient.invalidateQueries({ queryKey: ['/api/user-cards', card.id] });
      void queryClient.invalidateQueries({ queryKey: ['/api/gradings'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/collection/summary'] });
    },
    onError: (e) => toast.error('Error', { description: errorMessage(e) }),
  });
  return (
    <form noValidate className="grid gap-3" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
      <PrintingFields register={form.register} errors={form.formState.errors} choices={choices} />
      <Button type="submit" variant="outline" disabled={save.isPending} className="justify-self-start">
        Save printing
      </Button>
    </form>
  );
}
