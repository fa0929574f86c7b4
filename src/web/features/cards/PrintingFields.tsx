import type { UseFormRegister, FieldErrors } from 'react-hook-form';
import { EDITION_LABELS, EDITIONS, FINISH_LABELS, FINISHES, QUANTITY_MAX, type TEdition, type TFinish } from '@contract/printing';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { useApiQuery } from '@web/lib/api-client';

/** What the three fields hold in a form: '' is "not told" for edition and finish. */
export type PrintingFormValues = { edition: string; finish: string; quantity: string };

/**
 * The editions and finishes to offer for a catalogue card: what its market prices list (and all three
 * editions on Base Set), from GET /api/catalogue/cards/{id}/printings. A card typed by hand, or one no
 * price lists, is offered every choice. A value already chosen stays offered, so editing never drops it.
 */
export function usePrintingChoices(cardId: string | null | undefined, current?: { edition: string; finish: string }) {
  const printings = useApiQuery('GET /api/catalogue/cards/:id/printings', {
    params: { id: cardId ?? '' },
    queryKey: ['/api/catalogue/cards', cardId ?? '', 'printings'],
    enabled: !!cardId,
  });
  const known = printings.data?.known ? printings.data : null;
  const keep = <T extends string>(all: readonly T[], offered: readonly T[] | undefined, chosen: string | undefined) =>
    all.filter((v) => !offered || offered.includes(v) || v === chosen);
  return {
    editions: keep<TEdition>(EDITIONS, known?.editions, current?.edition),
    finishes: keep<TFinish>(FINISHES, known?.finishes, current?.finish),
    /** The catalogue says the set had no editions (everything after the WotC era). */
    noEditions: !!known && known.editions.length === 0,
  };
}

/** Edition, finish and quantity selectors, registered on any form holding `PrintingFormValues`. */
export function PrintingFields<T extends PrintingFormValues>({
  register,
  errors,
  choices,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  choices: ReturnType<typeof usePrintingChoices>;
}) {
  const reg = register as unknown as UseFormRegister<PrintingFormValues>;
  const errs = errors as FieldErrors<PrintingFormValues>;
  // items-start: a field without a hint (Finish) would otherwise stretch and drop its select below the others.
  return (
    <div className="grid items-start gap-4 sm:grid-cols-3">
      <FormField
        label="Edition"
        error={errs.edition?.message}
        hint={choices.noEditions ? 'This set was printed without editions.' : '1st Edition and Shadowless copies are worth more.'}
      >
        <Select {...reg('edition')}>
          <option value="">{choices.noEditions ? 'No edition' : 'Not sure'}</option>
          {choices.editions.map((e) => (
            <option key={e} value={e}>
              {EDITION_LABELS[e]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Finish" error={errs.finish?.message}>
        <Select {...reg('finish')}>
          <option value="">Not sure</option>
          {choices.finishes.map((f) => (
            <option key={f} value={f}>
              {FINISH_LABELS[f]}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField label="Copies" error={errs.quantity?.message} hint="How many of this printing you hold.">
        <Input type="number" inputMode="numeric" min={1} max={QUANTITY_MAX} step={1} {...reg('quantity')} />
      </FormField>
    </div>
  );
}
