import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { COLLECTION_PLATFORMS, COLLECTION_SORTS, type TCollectionFacetsResponse, type TCollectionSort } from '@contract/user-cards';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input, Label } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { formatInteger } from '@web/lib/format';
import { cn } from '@web/lib/cn';
import { GRADE_STEPS, type CollectionFilters as Filters } from './use-collection-query';

export const SEARCH_DEBOUNCE_MS = 250;

export const SORT_LABELS: Record<TCollectionSort, string> = {
  newest: 'Newest added',
  oldest: 'Oldest added',
  name: 'Name (A–Z)',
  'value-desc': 'Value: high to low',
  'value-asc': 'Value: low to high',
  'grade-desc': 'Grade: high to low',
  'grade-asc': 'Grade: low to high',
};
const STATUS_LABELS = { all: 'All cards', graded: 'Graded', grading: 'Grading now', ungraded: 'Not graded' } as const;
const STATUSES = Object.keys(STATUS_LABELS) as (keyof typeof STATUS_LABELS)[];
const GRADE_OPTIONS = GRADE_STEPS.map((g) => ({ value: g, label: g }));

const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${formatInteger(count)})`);

type Props = {
  filters: Filters;
  facets: TCollectionFacetsResponse | undefined;
  activeCount: number;
  onChange: (patch: Partial<Filters>, options?: { replace?: boolean }) => void;
};

/** The search box, typed into freely and sent to the URL once typing pauses. */
function SearchBox({ value, onChange }: { value: string; onChange: Props['onChange'] }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // The URL changed from elsewhere (back button, Clear filters, a chip): show it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      // Refining a search replaces the history entry; starting or ending one adds an entry.
      const replace = sent.current.trim() !== '' && text.trim() !== '';
      sent.current = text.trim();
      onChange({ q: text }, { replace });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Search your cards</Label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Name, set or number"
          maxLength={100}
          className="pl-9"
          autoComplete="off"
        />
      </div>
    </div>
  );
}

/**
 * The collection's filter bar. Search and sort are always in view; the other filters sit in a panel
 * that is open on wider screens and behind a "Filters" button on a phone.
 */
export function CollectionFilters({ filters, facets, activeCount, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const sets = [...(facets?.sets ?? [])];
  const rarities = [...(facets?.rarities ?? [])];
  // A value from a shared link that is no longer in the collection still shows as chosen.
  if (filters.set && !sets.some((s) => s.value === filters.set)) sets.push({ value: filters.set, count: 0 });
  if (filters.rarity && !rarities.some((r) => r.value === filters.rarity)) rarities.push({ value: filters.rarity, count: 0 });
  const platformCount = (p: string) => facets?.platforms.find((x) => x.value === p)?.count;
  const statusCount = (s: keyof typeof STATUS_LABELS) => (facets ? (s === 'all' ? facets.total : facets.statuses[s]) : undefined);
  const narrowingCount = activeCount - (filters.q.trim() ? 1 : 0);

  return (
    <div className="grid gap-3" role="search" aria-label="Collection filters">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-end gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        <div className="col-span-2 sm:col-span-1">
          <SearchBox value={filters.q} onChange={onChange} />
        </div>
        <Button
          variant="outline"
          className="sm:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={narrowingCount > 0 ? `Filters, ${narrowingCount} active` : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden />
          Filters
          {narrowingCount > 0 && (
            <span aria-hidden className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
              {narrowingCount}
            </span>
          )}
        </Button>
        <FormField label="Sort by">
          <Select value={filters.sort} onChange={(e) => onChange({ sort: e.target.value as TCollectionSort })}>
            {COLLECTION_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>

      <div id={panelId} className={cn('gap-3 sm:grid sm:grid-cols-3 lg:grid-cols-6', open ? 'grid grid-cols-2' : 'hidden')}>
        <div className="col-span-2 sm:col-span-1">
          <ChoiceSelect
            label="Set"
            value={filters.set}
            anyLabel="All sets"
            options={sets.map((s) => ({ value: s.value, label: withCount(s.value, s.count) }))}
            onChange={(set) => onChange({ set })}
          />
        </div>
        <div className="col-span-2 sm:col-span-1">
          <ChoiceSelect
            label="Rarity"
            value={filters.rarity}
            anyLabel="All rarities"
            options={rarities.map((r) => ({ value: r.value, label: withCount(r.value, r.count) }))}
            onChange={(rarity) => onChange({ rarity })}
          />
        </div>
        <ChoiceSelect
          label="Platform"
          value={filters.platform}
          anyLabel="All platforms"
          options={COLLECTION_PLATFORMS.map((p) => ({ value: p, label: withCount(p, platformCount(p)) }))}
          onChange={(platform) => onChange({ platform: platform as Filters['platform'] })}
        />
        <ChoiceSelect
          label="Status"
          value={filters.status}
          options={STATUSES.map((s) => ({ value: s, label: withCount(STATUS_LABELS[s], statusCount(s)) }))}
          onChange={(status) => onChange({ status: status as Filters['status'] })}
        />
        <ChoiceSelect
          label="Min grade"
          value={filters.gradeMin}
          anyLabel="Any"
          options={GRADE_OPTIONS}
          // Keep the range the right way round: raising the minimum above the maximum moves it too.
          onChange={(gradeMin) =>
            onChange(
              gradeMin && filters.gradeMax && Number(gradeMin) > Number(filters.gradeMax) ? { gradeMin, gradeMax: gradeMin } : { gradeMin },
            )
          }
        />
        <ChoiceSelect
          label="Max grade"
          value={filters.gradeMax}
          anyLabel="Any"
          options={GRADE_OPTIONS}
          onChange={(gradeMax) =>
            onChange(
              gradeMax && filters.gradeMin && Number(gradeMax) < Number(filters.gradeMin) ? { gradeMax, gradeMin: gradeMax } : { gradeMax },
            )
          }
        />
      </div>
    </div>
  );
}

/** One labelled filter dropdown; `anyLabel` is the first option, which clears the filter. */
function ChoiceSelect({
  label,
  value,
  anyLabel,
  options,
  onChange,
}: {
  label: string;
  value: string;
  anyLabel?: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <FormField label={label}>
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}

/** The active filters as removable chips, so they stay visible when the phone panel is closed. */
export function ActiveFilterChips({ filters, onChange }: Pick<Props, 'filters' | 'onChange'>) {
  const chips: { label: string; clear: Partial<Filters> }[] = [];
  if (filters.q.trim()) chips.push({ label: `“${filters.q.trim()}”`, clear: { q: '' } });
  if (filters.set) chips.push({ label: `Set: ${filters.set}`, clear: { set: '' } });
  if (filters.rarity) chips.push({ label: `Rarity: ${filters.rarity}`, clear: { rarity: '' } });
  if (filters.platform) chips.push({ label: `Platform: ${filters.platform}`, clear: { platform: '' } });
  if (filters.gradeMin || filters.gradeMax) {
    const label =
      filters.gradeMin && filters.gradeMax
        ? filters.gradeMin === filters.gradeMax
          ? `Grade ${filters.gradeMin}`
          : `Grade ${filters.gradeMin}–${filters.gradeMax}`
        : filters.gradeMin
          ? `Grade ${filters.gradeMin}+`
          : `Grade up to ${filters.gradeMax}`;
    chips.push({ label, clear: { gradeMin: '', gradeMax: '' } });
  }
  if (filters.status !== 'all') chips.push({ label: STATUS_LABELS[filters.status], clear: { status: 'all' } });
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Active filters">
      {chips.map((c) => (
        <li key={c.label}>
          <button
            type="button"
            onClick={() => onChange(c.clear)}
            aria-label={`Remove filter ${c.label}`}
            className="inline-flex h-8 max-w-64 items-center gap-1 rounded-full border border-brand-100 bg-brand-50 pl-3 pr-2 text-sm font-medium text-brand-900 hover:bg-brand-100"
          >
            <span className="truncate">{c.label}</span>
            <X aria-hidden className="size-4 shrink-0" />
          </button>
        </li>
      ))}
    </ul>
  );
}
