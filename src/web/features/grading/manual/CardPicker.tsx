import { Link } from 'react-router';
import { FormField } from '@web/components/ui/form-field';
import { useApiQuery } from '@web/lib/api-client';

/** New-card mode: choose which card of the collection the manual grading is for, or go and add one. */
export function CardPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const cards = useApiQuery('GET /api/user-cards', { queryKey: ['/api/user-cards'], staleTime: 0 });
  const addLink = (
    <Link className="font-medium text-brand-700 underline" to="/account/card/add-card">
      Add a card first
    </Link>
  );
  if (cards.isSuccess && cards.data.length === 0)
    return (
      <p className="text-sm text-slate-700">
        Your collection is empty, so there is no card to save grades to yet. {addLink} (with a front and back photo); you can still try
        grades below.
      </p>
    );
  return (
    <div className="grid gap-2">
      <FormField label="Card" hint={<>The grades are saved to this card. Not in your collection yet? {addLink}.</>}>
        <select
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm sm:max-w-md"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={cards.isLoading}
        >
          <option value="">{cards.isLoading ? 'Loading your cards…' : 'Choose a card from your collection'}</option>
          {cards.data?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.cardName} · {c.cardSet} #{c.cardNumber}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}
