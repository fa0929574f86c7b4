import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ScanSearch } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { applyServerError } from '@web/lib/form-errors';
import { useFormMessage } from '@web/lib/forms';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { ZAddCardForm, type PickedCard, type TAddCardForm, type TAddCardValues } from './add-card-form';
import { NoCreditsNotice, useCanGrade } from './NoCreditsNotice';
import { appendPhotos, NO_PHOTOS, PhotoFields } from './PhotoFields';
import { PrintingFields, usePrintingChoices } from './PrintingFields';
import { api } from '@web/lib/api-client';
import { CardThumbnail } from './CardThumbnail';
import { CataloguePicker } from './CataloguePicker';

const TYPED_FIELDS = ['cardName', 'cardSet', 'cardNumber', 'rarity'] as const;
const TYPED_LABELS = { cardName: 'Card name', cardSet: 'Set', cardNumber: 'Number', rarity: 'Rarity (optional)' } as const;

export default function AddCardPage() {
  const navigate = useNavigate();
  const { canGrade } = useCanGrade();
  const form = useForm<TAddCardForm, unknown, TAddCardValues>({
    resolver: zodResolver(ZAddCardForm),
    defaultValues: {
      mode: 'catalogue',
      picked: null,
      cardName: '',
      cardSet: '',
      cardNumber: '',
      rarity: '',
      edition: '',
      finish: '',
      quantity: '1',
      photos: NO_PHOTOS,
    },
  });
  const [formError, setFormError] = useFormMessage(form);
  const [mode, picked, edition, finish] = useWatch({ control: form.control, name: ['mode', 'picked', 'edition', 'finish'] });
  const choices = usePrintingChoices(mode === 'catalogue' ? picked?.id : null, { edition, finish });
  // After a refused submit the rules follow each change, as they do for typed fields.
  const revalidate = () => ({ shouldValidate: form.formState.isSubmitted });
  const setMode = (value: TAddCardForm['mode']) => form.setValue('mode', value, revalidate());
  const pick = (card: PickedCard | null) => {
    form.setValue('picked', card, revalidate());
    // Another card may not have been printed in the printing chosen for the last one.
    form.setValue('edition', '');
    form.setValue('finish', '');
  };

  const add = useMutation({
    mutationFn: ({ card, photos }: TAddCardValues) => {
      const body = new FormData();
      for (const name of ['cardId', ...TYPED_FIELDS, 'edition', 'finish'] as const) if (card[name]) body.append(name, card[name]);
      // One copy is the server's default: sent only when more.
      if (card.quantity !== 1) body.append('quantity', String(card.quantity));
      appendPhotos(body, photos);
      return api('POST /api/user-cards', { body });
    },
    onSuccess: (card) => navigate(`/account/card/grade-card/${card.id}`),
    onError: (e) => setFormError(applyServerError(e, form.setError, [...TYPED_FIELDS, 'edition', 'finish', 'quantity'])),
  });
  const { errors } = form.formState;

  return (
    <PageContainer>
      <PageHeader title="Add a card" description="Find the card, add its photos, then grade it." />
      <form
        noValidate
        // minmax(0, 1fr): the column keeps to the screen; an auto column grew to its widest content (373 px at 360).
        className="grid grid-cols-[minmax(0,1fr)] gap-6"
        onSubmit={form.handleSubmit((values) => {
          setFormError(null);
          add.mutate(values);
        })}
      >
        {/* Said before the upload, not after it: a starter account without credits can add, not grade. */}
        {!canGrade && <NoCreditsNotice when="before-upload" />}
        {formError && <Alert variant="destructive">{formError}</Alert>}
        <Card>
          <CardHeader>
            <CardTitle>1. Which card?</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex gap-2" role="group" aria-label="How to identify the card">
              <Button
                variant={mode === 'catalogue' ? 'default' : 'outline'}
                size="sm"
                aria-pressed={mode === 'catalogue'}
                onClick={() => setMode('catalogue')}
              >
                Search the catalogue
              </Button>
              <Button
                variant={mode === 'manual' ? 'default' : 'outline'}
                size="sm"
                aria-pressed={mode === 'manual'}
                onClick={() => setMode('manual')}
              >
                Enter by hand
              </Button>
            </div>
            {mode === 'catalogue' ? (
              picked ? (
                <div className="flex items-center gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3">
                  <CardThumbnail
                    src={picked.imageSmall}
                    alt={`${picked.name}, ${picked.setName} #${picked.number}`}
                    setLabel={picked.setName}
                    number={picked.number}
                    size="md"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">{picked.name}</p>
                    <p className="text-sm text-slate-700">
                      {picked.setName} · {picked.releaseDate.slice(0, 4)} · #{picked.number}/{picked.setPrintedTotal}{' '}
                      {picked.rarity && <Badge variant="gray">{picked.rarity}</Badge>}
                    </p>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => pick(null)}>
                    Change
                  </Button>
                </div>
              ) : (
                <CataloguePicker onPick={pick} error={errors.cardName?.message} />
              )
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {TYPED_FIELDS.map((k) => (
                  <FormField key={k} label={TYPED_LABELS[k]} error={errors[k]?.message}>
                    <Input {...form.register(k)} />
                  </FormField>
                ))}
              </div>
            )}
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-semibold text-slate-900">Which printing, and how many?</legend>
              <PrintingFields register={form.register} errors={errors} choices={choices} />
            </fieldset>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>2. Photos</CardTitle>
            <p className="text-sm text-slate-600">
              Whole card in the frame, flat, out of its sleeve, on a plain surface. JPEG, PNG, WebP or HEIC, up to 25 MB.
            </p>
            <p className="flex items-start gap-1.5 text-sm text-slate-700">
              <ScanSearch aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
              <span>
                Not sure your photo is good enough? {/* A new tab, so the card and photos picked here are not lost. */}
                <Link
                  to="/account/test-detection"
                  target="_blank"
                  rel="noopener"
                  className="whitespace-nowrap font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                >
                  Check it first — free<span className="sr-only"> (opens in a new tab)</span>
                </Link>
              </span>
            </p>
          </CardHeader>
          <CardContent>
            <Controller
              control={form.control}
              name="photos"
              render={({ field }) => <PhotoFields value={field.value} onChange={field.onChange} required />}
            />
            {errors.photos?.message && (
              <Alert variant="destructive" className="mt-4">
                {errors.photos.message}
              </Alert>
            )}
          </CardContent>
        </Card>
        <div className={cn('flex justify-end gap-2')}>
          <Button type="submit" size="lg" disabled={add.isPending}>
            {add.isPending ? 'Uploading…' : canGrade ? 'Add card and continue' : 'Add card to my collection'}
          </Button>
        </div>
      </form>
    </PageContainer>
  );
}
