import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ScanSearch } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import type { TCatalogueSearchResult } from '@contract/catalogue';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { NoCreditsNotice, useCanGrade } from './NoCreditsNotice';
import { appendPhotos, NO_PHOTOS, PhotoFields, type PhotoSelection } from './PhotoFields';
import { api, useApiQuery } from '@web/lib/api-client';

type Picked = TCatalogueSearchResult['cards'][number];

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export default function AddCardPage() {
  const navigate = useNavigate();
  const { canGrade } = useCanGrade();
  const [query, setQuery] = useState('');
  const [picked, setPicked] = useState<Picked | null>(null);
  const [manual, setManual] = useState({ cardName: '', cardSet: '', cardNumber: '', rarity: '' });
  const [mode, setMode] = useState<'catalogue' | 'manual'>('catalogue');
  const [photos, setPhotos] = useState<PhotoSelection>(NO_PHOTOS);
  const [error, setError] = useState<string | null>(null);
  const q = useDebounced(query.trim(), 200);
  const search = useApiQuery('GET /api/catalogue/search', {
    queryKey: ['/api/catalogue/search', q],
    query: { q, limit: 12 },
    enabled: mode === 'catalogue' && q.length >= 2 && !picked,
  });

  const add = useMutation({
    mutationFn: () => {
      const form = new FormData();
      if (mode === 'catalogue' && picked) form.append('cardId', picked.id);
      else for (const [k, v] of Object.entries(manual)) if (v.trim()) form.append(k, v.trim());
      appendPhotos(form, photos);
      return api('POST /api/user-cards', { body: form });
    },
    onSuccess: (card) => navigate(`/account/card/grade-card/${card.id}`),
    onError: (e) => setError(errorMessage(e)),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (mode === 'catalogue' && !picked) return setError('Pick the card from the catalogue search, or enter it by hand.');
    if (mode === 'manual' && !manual.cardName.trim()) return setError('Enter the card name.');
    if (!photos.front || !photos.back) return setError('Add a photo of the front and of the back.');
    setError(null);
    add.mutate();
  };

  return (
    <PageContainer>
      <PageHeader title="Add a card" description="Find the card, add its photos, then grade it." />
      <form onSubmit={submit} className="grid gap-6" noValidate>
        {/* Said before the upload, not after it: a starter account without credits can add, not grade. */}
        {!canGrade && <NoCreditsNotice when="before-upload" />}
        {error && <Alert variant="destructive">{error}</Alert>}
        <Card>
          <CardHeader>
            <CardTitle>1. Which card?</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex gap-2" role="group" aria-label="How to identify the card">
              <Button variant={mode === 'catalogue' ? 'default' : 'outline'} size="sm" aria-pressed={mode === 'catalogue'} onClick={() => setMode('catalogue')}>
                Search the catalogue
              </Button>
              <Button variant={mode === 'manual' ? 'default' : 'outline'} size="sm" aria-pressed={mode === 'manual'} onClick={() => setMode('manual')}>
                Enter by hand
              </Button>
            </div>
            {mode === 'catalogue' ? (
              picked ? (
                <div className="flex items-center justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3">
                  <div>
                    <p className="font-semibold text-slate-900">{picked.name}</p>
                    <p className="text-sm text-slate-700">
                      {picked.setName} · #{picked.number}/{picked.setPrintedTotal} {picked.rarity && <Badge variant="gray">{picked.rarity}</Badge>}
                    </p>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => setPicked(null)}>
                    Change
                  </Button>
                </div>
              ) : (
                <div className="grid gap-2">
                  <FormField label="Search by name, set or number" hint="Typos are fine: “charzard base 4” finds Charizard from Base Set.">
                    <Input type="search" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
                  </FormField>
                  {search.data && (
                    <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white" aria-label="Catalogue results">
                      {search.data.cards.length === 0 && <li className="p-3 text-sm text-slate-600">No card matches. Check the spelling or enter it by hand.</li>}
                      {search.data.cards.map((c) => (
                        <li key={c.id}>
                          <button type="button" className="flex w-full items-center justify-between gap-3 p-3 text-left hover:bg-slate-50" onClick={() => setPicked(c)}>
                            <span>
                              <span className="font-medium text-slate-900">{c.name}</span>
                              <span className="block text-sm text-slate-600">
                                {c.setName} · #{c.number} · {c.releaseDate.slice(0, 4)}
                              </span>
                            </span>
                            {c.rarity && <Badge variant="gray">{c.rarity}</Badge>}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              )
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {(['cardName', 'cardSet', 'cardNumber', 'rarity'] as const).map((k) => (
                  <FormField key={k} label={{ cardName: 'Card name', cardSet: 'Set', cardNumber: 'Number', rarity: 'Rarity (optional)' }[k]}>
                    <Input value={manual[k]} onChange={(e) => setManual((m) => ({ ...m, [k]: e.target.value }))} />
                  </FormField>
                ))}
              </div>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>2. Photos</CardTitle>
            <p className="text-sm text-slate-600">Whole card in the frame, flat, out of its sleeve, on a plain surface. JPEG, PNG, WebP or HEIC, up to 25 MB.</p>
            <p className="flex items-start gap-1.5 text-sm text-slate-700">
              <ScanSearch aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
              <span>
                Not sure your photo is good enough?{' '}
                {/* A new tab, so the card and photos picked here are not lost. */}
                <Link to="/account/test-detection" target="_blank" rel="noopener" className="whitespace-nowrap font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                  Check it first — free<span className="sr-only"> (opens in a new tab)</span>
                </Link>
              </span>
            </p>
          </CardHeader>
          <CardContent>
            <PhotoFields value={photos} onChange={setPhotos} required />
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
