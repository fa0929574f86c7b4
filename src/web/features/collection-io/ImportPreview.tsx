import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  IMPORT_BINDERS_NOT_APPLIED,
  IMPORT_FORMAT_LABELS,
  type TImportPreviewResponse,
  type TImportRow,
  type TImportRowStatus,
} from '@contract/collection-io';
import { EDITION_LABELS, FINISH_LABELS } from '@contract/printing';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Select } from '@web/components/ui/select';
import { api, useApiQuery } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/api';
import { formatInteger } from '@web/lib/format';
import { cn } from '@web/lib/cn';

const STATUS_TEXT: Record<TImportRowStatus, { label: string; badge: 'green' | 'yellow' | 'gray'; tile: string }> = {
  matched: { label: 'Matched', badge: 'green', tile: 'border-green-200 bg-green-50 text-green-900' },
  ambiguous: { label: 'Needs a choice', badge: 'yellow', tile: 'border-amber-200 bg-amber-50 text-amber-900' },
  unmatched: { label: 'Not found', badge: 'gray', tile: 'border-slate-200 bg-slate-50 text-slate-900' },
};
const FILTERS: { value: TImportRowStatus | undefined; label: string }[] = [
  { value: undefined, label: 'All rows' },
  { value: 'matched', label: 'Matched' },
  { value: 'ambiguous', label: 'Needs a choice' },
  { value: 'unmatched', label: 'Not found' },
];

const printing = (r: TImportRow) =>
  [r.edition && EDITION_LABELS[r.edition], r.finish && FINISH_LABELS[r.finish]].filter(Boolean).join(' · ');

/** The preview of an import: counts, rows by status with a choice for the ambiguous ones, and the confirm. */
export function ImportPreview({ id, first }: { id: string; first?: TImportPreviewResponse }) {
  const [status, setStatus] = useState<TImportRowStatus | undefined>();
  const [page, setPage] = useState(1);
  /** Ambiguous rows resolved so far (line → card id), kept across pages and filters. */
  const [choices, setChoices] = useState<Map<number, string>>(new Map());
  /** Rows that look like cards already in the collection: left out unless the collector says otherwise. */
  const [duplicates, setDuplicates] = useState<'skip' | 'import'>('skip');
  const queryClient = useQueryClient();
  const preview = useApiQuery('GET /api/collection-imports/:id', {
    queryKey: ['/api/collection-imports', id, status ?? 'all', page],
    params: { id },
    query: { status, page },
    initialData: !status && page === 1 ? first : undefined,
    placeholderData: (previous) => previous,
  });
  const confirm = useMutation({
    mutationFn: () =>
      api('POST /api/collection-imports/:id/confirm', {
        params: { id },
        body: { choices: [...choices].map(([line, cardId]) => ({ line, cardId })), duplicates },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/user-cards'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/collection/summary'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/collection-imports', id] });
    },
  });

  if (preview.isError && !preview.data)
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load this import</AlertTitle>
        <AlertDescription>{errorMessage(preview.error)}</AlertDescription>
      </Alert>
    );
  const p = preview.data;
  if (!p) return <p role="status">Loading the preview…</p>;

  const duplicateCount = p.counts.duplicates;
  const toAdd = p.counts.matched - (duplicates === 'skip' ? duplicateCount : 0) + choices.size;
  const done =
    confirm.data ??
    (p.confirmedAt ? { message: `This import was added to your collection (${formatInteger(p.importedCount ?? 0)} cards).` } : null);

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>Preview of {p.fileName}</CardTitle>
          <CardDescription>
            Read as a {IMPORT_FORMAT_LABELS[p.format]}: {formatInteger(p.counts.total)} rows, matched to the catalogue by set and card
            number.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="grid gap-3 sm:grid-cols-3" aria-label="Rows by result">
            {(['matched', 'ambiguous', 'unmatched'] as const).map((s) => (
              <li key={s} className={cn('rounded-lg border p-4', STATUS_TEXT[s].tile)}>
                <p className="text-sm font-medium">{STATUS_TEXT[s].label}</p>
                <p className="text-2xl font-semibold" data-testid={`count-${s}`}>
                  {formatInteger(p.counts[s])}
                </p>
              </li>
            ))}
          </ul>
          <Alert>
            <AlertDescription>
              Imported cards are ungraded until you photograph them{p.hasGrades ? ': the grades in the file are not carried over' : ''}.
              {p.hasBinders ? ` ${IMPORT_BINDERS_NOT_APPLIED}` : ''}
            </AlertDescription>
          </Alert>
        </CardContent>
      </Card>

      {!done && duplicateCount > 0 && (
        <Alert variant="warning">
          <AlertTitle>
            {formatInteger(duplicateCount)} row{duplicateCount === 1 ? ' looks like a card' : 's look like cards'} you already have
          </AlertTitle>
          <AlertDescription>
            Same card, printing and purchase price as a card in your collection — as when a file exported from here is imported again.
          </AlertDescription>
          <fieldset className="mt-3 grid gap-2 text-sm">
            <legend className="sr-only">What to do with the rows you already have</legend>
            {(
              [
                ['skip', 'Skip them (recommended)'],
                ['import', 'Import them anyway, as more copies'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="duplicates" value={value} checked={duplicates === value} onChange={() => setDuplicates(value)} />
                {label}
              </label>
            ))}
          </fieldset>
        </Alert>
      )}

      {done ? (
        <Alert variant="success">
          <AlertTitle>Import done</AlertTitle>
          <AlertDescription>
            {done.message}{' '}
            <Link to="/account/collection" className="font-medium underline">
              See your collection
            </Link>
          </AlertDescription>
        </Alert>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <p className="text-sm text-slate-800">
            {formatInteger(toAdd)} card{toAdd === 1 ? '' : 's'} will be added; {formatInteger(p.counts.total - toAdd)} row
            {p.counts.total - toAdd === 1 ? '' : 's'} left out.
          </p>
          <div className="flex gap-2">
            <Button variant="outline" asChild>
              <Link to="/account/collection">Cancel</Link>
            </Button>
            <Button disabled={toAdd === 0 || confirm.isPending} onClick={() => confirm.mutate()}>
              {confirm.isPending ? 'Adding…' : `Add ${formatInteger(toAdd)} card${toAdd === 1 ? '' : 's'}`}
            </Button>
          </div>
          {confirm.isError && (
            <Alert variant="destructive" className="w-full">
              <AlertDescription>{errorMessage(confirm.error)}</AlertDescription>
            </Alert>
          )}
        </div>
      )}

      <Card>
        <CardHeader>
          <CardTitle>Rows</CardTitle>
          <CardDescription>Rows that need a choice are added only if you pick the card; rows not found are left out.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap gap-2" role="group" aria-label="Show rows">
            {FILTERS.map((f) => (
              <Button
                key={f.label}
                size="sm"
                variant={status === f.value ? 'default' : 'outline'}
                aria-pressed={status === f.value}
                onClick={() => {
                  setStatus(f.value);
                  setPage(1);
                }}
              >
                {f.label}
              </Button>
            ))}
          </div>
          {p.rows.length === 0 ? (
            <p className="text-slate-700">No rows here.</p>
          ) : (
            <ul className={cn('divide-y divide-slate-100 rounded-lg border border-slate-200', preview.isPlaceholderData && 'opacity-60')}>
              {p.rows.map((row) => (
                <ImportRowItem
                  key={row.line}
                  row={row}
                  choice={choices.get(row.line)}
                  disabled={!!done}
                  onChoose={(cardId) =>
                    setChoices((current) => {
                      const next = new Map(current);
                      if (cardId) next.set(row.line, cardId);
                      else next.delete(row.line);
                      return next;
                    })
                  }
                />
              ))}
            </ul>
          )}
          {p.pageCount > 1 && (
            <nav className="flex items-center justify-between gap-2" aria-label="Preview pages">
              <Button variant="outline" size="sm" disabled={p.page <= 1} onClick={() => setPage(p.page - 1)}>
                Previous
              </Button>
              <span className="text-sm text-slate-700">
                Page {p.page} of {p.pageCount}
              </span>
              <Button variant="outline" size="sm" disabled={p.page >= p.pageCount} onClick={() => setPage(p.page + 1)}>
                Next
              </Button>
            </nav>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function ImportRowItem({
  row,
  choice,
  disabled,
  onChoose,
}: {
  row: TImportRow;
  choice: string | undefined;
  disabled: boolean;
  onChoose: (cardId: string | null) => void;
}) {
  const s = STATUS_TEXT[row.status];
  const matched = row.status === 'matched' ? row.candidates[0] : undefined;
  return (
    <li className="grid gap-2 p-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          <span className="mr-2 text-xs font-normal text-slate-600">Line {row.line}</span>
          {row.name || <span className="italic">No name</span>}
          {row.quantity > 1 && <span className="text-slate-700"> × {row.quantity}</span>}
        </p>
        <p className="text-sm text-slate-700">
          {[
            row.set || 'No set',
            row.number ? `#${row.number}` : 'no number',
            printing(row),
            row.purchasePrice && `paid $${row.purchasePrice}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {matched && (
          <p className="text-sm text-green-800">
            → {matched.name}, {matched.setName} #{matched.number}
          </p>
        )}
        {row.reason && <p className="text-sm text-slate-700">{row.reason}</p>}
        {row.binders.length > 0 && <p className="text-xs text-slate-600">Binders in the file: {row.binders.join(', ')} (not applied)</p>}
        {row.status === 'ambiguous' && (
          <label className="mt-2 grid max-w-md gap-1 text-sm">
            <span className="font-medium text-slate-900">Which card is it?</span>
            <Select value={choice ?? ''} disabled={disabled} onChange={(e) => onChoose(e.target.value || null)}>
              <option value="">Leave this row out</option>
              {row.candidates.map((c) => (
                <option key={c.cardId} value={c.cardId}>
                  {c.name} — {c.setName} #{c.number}
                  {c.rarity ? ` (${c.rarity})` : ''}
                </option>
              ))}
            </Select>
          </label>
        )}
      </div>
      <div className="flex flex-wrap gap-1 justify-self-start">
        <Badge variant={s.badge}>{row.status === 'ambiguous' && choice ? 'Chosen' : s.label}</Badge>
        {row.duplicate && <Badge variant="yellow">Already in your collection</Badge>}
      </div>
    </li>
  );
}
