import { ArrowLeft, ArrowRight, ChevronLeft, ChevronRight, GripVertical, Move, Star } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { closestCenter, DndContext, PointerSensor, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { TBinder, TBinderCardEntry } from '@contract/binders';
import { Button } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { useMediaQuery } from '@web/lib/use-media-query';
import { displayedGrade } from '@web/features/grading/grade-scale';
import { moveItem, pageCountOf, placeOf, pocketsOf, spreadStartOf } from './binder-pages';
import { useReorderBinder, useSetBinderCover } from './use-binder-edits';

/** Two facing pages from this width up (Tailwind's md), one page below it, as a binder held open or folded. */
const WIDE = '(min-width: 768px)';

type Drag = { id: string; over: number | null };
/** What every pocket's draggable or droppable carries: the binder position a drop there moves a card to. */
type PocketData = { index: number };
const indexOf = (data: unknown) => (data as Partial<PocketData> | undefined)?.index ?? null;

/**
 * The binder as collectors keep one: 3×3 pockets a page, two facing pages on a wide screen and one on a
 * phone, empty sleeves after the last card. The owner arranges the cards: drag (@dnd-kit/sortable on
 * pointer events: a mouse drags the card itself; touch and pen drag its grip, which takes no scroll
 * gestures) or, for keyboards and screen readers, the Move earlier / Move later buttons (ours: they say
 * where a card lands and keep the focus on it across page turns); every move is announced.
 */
export function BinderPagesView({ binder, cards }: { binder: TBinder; cards: TBinderCardEntry[] }) {
  const perSpread: 1 | 2 = useMediaQuery(WIDE) ? 2 : 1;
  const pageCount = pageCountOf(cards.length);
  const [page, setPage] = useState(0);
  const [arranging, setArranging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<Drag | null>(null);
  const pendingFocus = useRef<{ id: string; index: number; control: 'earlier' | 'later' } | null>(null);
  const bookRef = useRef<HTMLDivElement>(null);
  const keysHintId = useId();
  const reorder = useReorderBinder(binder.id);
  const cover = useSetBinderCover(binder.id);
  const canEdit = binder.isOwner;

  // A page past the end (cards removed, or a phone turned into a wide screen) shows the last spread.
  const first = spreadStartOf(Math.min(page, pageCount - 1), perSpread);
  const shownPages = Array.from({ length: perSpread }, (_, i) => first + i);
  const last = Math.min(first + perSpread, pageCount);
  const turnTo = (p: number) => setPage(spreadStartOf(Math.min(Math.max(p, 0), pageCount - 1), perSpread));
  const hasPrevious = first > 0;
  const hasNext = first + perSpread < pageCount;

  const coverId = binder.coverUserCardId;
  const nameOf = (c: TBinderCardEntry) => c.submission.cardName;

  function move(id: string, to: number, control?: 'earlier' | 'later') {
    const from = cards.findIndex((c) => c.userCard.id === id);
    const next = moveItem(cards, from, to);
    if (next === cards) return;
    const index = next.findIndex((c) => c.userCard.id === id);
    const { page: newPage, pocket } = placeOf(index);
    const name = nameOf(cards[from]);
    setAnnouncement(`${name} moved to page ${newPage + 1}, pocket ${pocket}.`);
    // The card may cross onto a page not shown: follow it, and keep the focus on its button.
    turnTo(newPage);
    if (control) pendingFocus.current = { id, index, control };
    reorder.mutate(
      next.map((c) => c.userCard.id),
      {
        onError: (error) => {
          const message = errorMessage(error, 'Failed to save the new order');
          setAnnouncement(`The move of ${name} was not saved and is undone: ${message}`);
          toast.error('Error', { description: message });
        },
      },
    );
  }

  useLayoutEffect(() => {
    const want = pendingFocus.current;
    // Wait for the render that shows the card in its new pocket (the optimistic order lands a moment
    // after the page turn): a card that changed pages is a new element, and the old one loses focus.
    if (!want || cards[want.index]?.userCard.id !== want.id) return;
    pendingFocus.current = null;
    const buttons = bookRef.current?.querySelectorAll<HTMLButtonElement>(`[data-move-for="${want.id}"]`);
    const list = Array.from(buttons ?? []);
    const target = list.find((b) => b.dataset.move === want.control && !b.disabled) ?? list.find((b) => !b.disabled);
    target?.focus();
  });

  function chooseCover(entry: TBinderCardEntry) {
    const next = coverId === entry.userCard.id ? null : entry.userCard.id;
    cover.mutate(next, {
      onSuccess: () => {
        const text = next ? `${nameOf(entry)} is now the cover of ${binder.name}.` : `The first card is the cover of ${binder.name} again.`;
        setAnnouncement(text);
        toast.success('Cover updated', { description: text });
      },
      onError: (error) => toast.error('Error', { description: errorMessage(error, 'Failed to set the cover') }),
    });
  }

  // A few pixels of movement before a drag starts, so a click on a card's buttons stays a click.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const to = indexOf(over?.data.current);
    if (to !== null) move(String(active.id), to);
    setDrag(null);
  };
  // The cards on the pages shown: the ones a drag can reach.
  const shownIds = shownPages.flatMap((p) => pocketsOf(cards, p).flatMap((entry) => (entry ? [entry.userCard.id] : [])));

  // Arrow keys turn the pages as in a picture viewer, wherever the focus is (also on a page-turn button
  // that just became disabled, which leaves the focus on the page), except in a text field or a dialog.
  // (Added again after each render: the handler reads this render's page.)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="slider"]')) return;
      if (e.key === 'ArrowLeft' && hasPrevious) {
        e.preventDefault();
        turnTo(first - perSpread);
      } else if (e.key === 'ArrowRight' && hasNext) {
        e.preventDefault();
        turnTo(first + perSpread);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const pageLabel = last - first > 1 ? `Pages ${first + 1}–${last} of ${pageCount}` : `Page ${first + 1} of ${pageCount}`;

  return (
    // minmax(0, 1fr) columns: an auto grid column is as wide as its widest content, and the card names
    // in the pockets (one line each) made the page 405 px wide on a 390 px phone (issue 24).
    <section aria-label="Binder pages" aria-describedby={keysHintId} className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <p id={keysHintId} className="sr-only">
        The left and right arrow keys turn the pages.
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700">
          {canEdit
            ? arranging
              ? 'Drag a card to another pocket, or use its arrows. Changes are saved as you go.'
              : 'Your cards in binder order, nine pockets a page.'
            : 'The cards in binder order, nine pockets a page.'}
        </p>
        {canEdit && cards.length > 0 && (
          <Button size="sm" variant={arranging ? 'default' : 'outline'} aria-pressed={arranging} onClick={() => setArranging((a) => !a)}>
            <Move aria-hidden /> Arrange cards
          </Button>
        )}
      </div>

      <div
        ref={bookRef}
        role="group"
        aria-roledescription="binder"
        aria-label={`${binder.name}, ${pageLabel}`}
        className="relative rounded-2xl bg-gradient-to-b from-slate-800 to-slate-900 p-2 shadow-xl outline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600 sm:p-4"
      >
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          // Our own status line announces each move (with the page and pocket it lands on).
          accessibility={{ announcements: SILENT }}
          onDragStart={({ active }) => setDrag({ id: String(active.id), over: null })}
          onDragOver={({ over }) => setDrag((d) => (d ? { ...d, over: indexOf(over?.data.current) } : d))}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDrag(null)}
        >
          <SortableContext items={shownIds} strategy={rectSortingStrategy}>
            <div className={cn('relative grid gap-2 sm:gap-4', perSpread === 2 ? 'grid-cols-2' : 'grid-cols-[minmax(0,1fr)]')}>
              {shownPages.map((p) => (
                <BinderPage
                  key={p}
                  pageIndex={p}
                  exists={p < pageCount}
                  cards={cards}
                  side={perSpread === 2 ? (p % 2 === 0 ? 'left' : 'right') : 'single'}
                  coverId={coverId}
                  arranging={arranging}
                  drag={drag}
                  onMove={move}
                  onCover={chooseCover}
                />
              ))}
              {perSpread === 2 && <Rings />}
            </div>
          </SortableContext>
        </DndContext>
      </div>

      {/* On a phone the buttons say Previous and Next (their names keep "page"), so the row fits 360 px. */}
      <nav aria-label="Binder page turns" className="flex flex-wrap items-center justify-between gap-2 sm:gap-3">
        <Button variant="outline" onClick={() => turnTo(first - perSpread)} disabled={!hasPrevious}>
          <ChevronLeft aria-hidden /> Previous<span className="max-sm:sr-only"> page</span>
        </Button>
        <p className="whitespace-nowrap text-sm font-medium text-slate-800" aria-live="polite">
          {pageLabel}
        </p>
        <Button variant="outline" onClick={() => turnTo(first + perSpread)} disabled={!hasNext}>
          Next<span className="max-sm:sr-only"> page</span> <ChevronRight aria-hidden />
        </Button>
      </nav>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

/** The binder's rings down the middle of two facing pages (decoration only). */
function Rings() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-y-6 left-1/2 flex -translate-x-1/2 flex-col justify-around">
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className="block h-3 w-8 rounded-full border-2 border-slate-300 bg-gradient-to-b from-slate-100 to-slate-400 shadow"
        />
      ))}
    </div>
  );
}

type PageProps = {
  pageIndex: number;
  exists: boolean;
  cards: TBinderCardEntry[];
  side: 'left' | 'right' | 'single';
  coverId: string | null;
  arranging: boolean;
  drag: Drag | null;
  onMove: (id: string, to: number, control: 'earlier' | 'later') => void;
  onCover: (entry: TBinderCardEntry) => void;
};

function BinderPage(props: PageProps) {
  const { pageIndex, exists, cards, side, arranging, drag } = props;
  const pockets = pocketsOf(cards, pageIndex);
  const base = pageIndex * pockets.length;
  return (
    <div
      className={cn(
        'rounded-lg bg-[#f4f1ea] p-2 shadow-inner sm:p-3',
        side === 'left' && 'rounded-r-sm pr-6 sm:pr-8',
        side === 'right' && 'rounded-l-sm pl-6 sm:pl-8',
      )}
    >
      <h2 className="sr-only">{exists ? `Page ${pageIndex + 1}` : 'Blank page'}</h2>
      <ol className="grid grid-cols-3 gap-1.5 sm:gap-2.5">
        {pockets.map((entry, i) => {
          const index = base + i;
          const isTarget = drag != null && drag.over === Math.min(index, cards.length - 1) && (entry ? true : index === cards.length);
          return entry ? (
            <li key={entry.id} data-pocket-index={index}>
              <Pocket
                entry={entry}
                index={index}
                total={cards.length}
                isCover={props.coverId === entry.userCard.id}
                dragging={drag?.id === entry.userCard.id}
                target={isTarget && drag?.id !== entry.userCard.id}
                {...props}
              />
            </li>
          ) : (
            <li key={`empty-${index}`} data-pocket-index={arranging ? index : undefined} aria-hidden>
              <EmptySleeve index={index} dropAt={Math.min(index, cards.length - 1)} arranging={arranging} target={isTarget} />
            </li>
          );
        })}
      </ol>
    </div>
  );
}

const sleeve =
  'relative aspect-[63/88] overflow-hidden rounded-[5px] border border-slate-300/80 bg-gradient-to-br from-white/70 via-slate-100/60 to-white/40 shadow-[inset_0_1px_2px_rgba(15,23,42,0.15)]';

/** No words from the drag library: BinderPagesView's status line says where a card went. */
const SILENT = { onDragStart: () => undefined, onDragOver: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined };

function EmptySleeve({ index, dropAt, arranging, target }: { index: number; dropAt: number; arranging: boolean; target: boolean }) {
  // A drop on an empty sleeve puts the card last.
  const { setNodeRef: attach } = useDroppable({
    id: `sleeve-${index}`,
    data: { index: dropAt } satisfies PocketData,
    disabled: !arranging,
  });
  return (
    <div ref={attach} className={cn(sleeve, target && 'ring-2 ring-brand-600')}>
      {/* The sleeve's opening: a pocket's top edge, as on a real page. */}
      <span className="absolute inset-x-2 top-2 h-px bg-slate-300/80" />
    </div>
  );
}

function Pocket({
  entry,
  index,
  total,
  isCover,
  arranging,
  dragging,
  target,
  onMove,
  onCover,
}: PageProps & { entry: TBinderCardEntry; index: number; total: number; isCover: boolean; dragging: boolean; target: boolean }) {
  const s = entry.submission;
  const { platform, grade } = displayedGrade(s);
  const id = entry.userCard.id;
  // Renamed: the hooks lint reads any `…Ref` as a ref object; these are callback refs, set during commit.
  const {
    setNodeRef: attachCard,
    setActivatorNodeRef: attachGrip,
    listeners,
    transform,
    transition,
  } = useSortable({ id, data: { index } satisfies PocketData, disabled: !arranging });
  const gradeText = grade != null ? `${platform} ${Number.isInteger(grade) ? grade : grade.toFixed(1)}` : null;
  const face = (
    <>
      {entry.userCard.frontImageUrl ? (
        <img src={entry.userCard.frontImageUrl} alt="" loading="lazy" draggable={false} className="size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center bg-slate-200 p-2 text-center text-xs text-slate-700">{s.cardName}</span>
      )}
      {/* The sleeve's sheen over the card. */}
      <span aria-hidden className="pointer-events-none absolute inset-0 bg-gradient-to-tr from-transparent via-white/10 to-white/30" />
      <span className="absolute inset-x-0 bottom-0 bg-slate-950/80 px-1 py-0.5 text-[10px] leading-tight text-white sm:px-1.5 sm:py-1 sm:text-xs">
        <span className="block truncate font-medium">{s.cardName}</span>{' '}
        {/* The space parts the name from the grade in the text a voice-control user reads (label in name). */}
        {gradeText && <span className="block truncate text-slate-200">{gradeText}</span>}
      </span>{' '}
      {isCover && (
        <span className="absolute right-1 top-1 inline-flex items-center gap-0.5 rounded-full bg-gold-400 px-1.5 py-0.5 text-[10px] font-semibold text-slate-900 shadow">
          <Star aria-hidden className="size-2.5 fill-current" /> Cover
        </span>
      )}
    </>
  );
  // In the order the pocket shows them (name, grade, cover), then what it does not: a voice-control user
  // can say what they see (WCAG 2.5.3, label in name).
  const label = `${s.cardName}${gradeText ? `, ${gradeText}` : ''}${isCover ? ', cover card' : ''}, ${s.cardSet} #${s.cardNumber}`;
  return (
    <div className="grid gap-1">
      <div
        ref={attachCard}
        style={{ transform: CSS.Translate.toString(transform), transition }}
        className={cn(sleeve, dragging && 'z-10 opacity-60', target && 'ring-2 ring-brand-600', arranging && 'cursor-grab')}
        // Pointer listeners only: the keyboard path is the Move buttons below, so the card itself takes no focus.
        {...(arranging ? listeners : {})}
        data-testid="binder-pocket"
      >
        {arranging ? (
          <div role="img" aria-label={label} className="size-full">
            {face}
          </div>
        ) : (
          <Link
            to={`/account/collection/card-profile/${id}`}
            aria-label={label}
            className="block size-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          >
            {face}
          </Link>
        )}
      </div>
      {arranging && (
        <div className="flex items-center justify-between rounded bg-white/80 px-0.5">
          <button
            type="button"
            aria-label={`Drag ${s.cardName}`}
            title="Drag to another pocket"
            className="hidden size-7 touch-none items-center justify-center rounded text-slate-700 [@media(pointer:coarse)]:inline-flex"
            ref={attachGrip}
            {...listeners}
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
          <PocketButton
            label={`Move ${s.cardName} earlier`}
            data-move="earlier"
            data-move-for={id}
            disabled={index === 0}
            onClick={() => onMove(id, index - 1, 'earlier')}
          >
            <ArrowLeft aria-hidden />
          </PocketButton>
          <PocketButton
            label={isCover ? `${s.cardName} is the cover` : `Use ${s.cardName} as the cover`}
            aria-pressed={isCover}
            onClick={() => onCover(entry)}
          >
            <Star aria-hidden className={cn(isCover && 'fill-gold-400 text-gold-500')} />
          </PocketButton>
          <PocketButton
            label={`Move ${s.cardName} later`}
            data-move="later"
            data-move-for={id}
            disabled={index === total - 1}
            onClick={() => onMove(id, index + 1, 'later')}
          >
            <ArrowRight aria-hidden />
          </PocketButton>
        </div>
      )}
    </div>
  );
}

function PocketButton({ label, children, ...rest }: { label: string } & React.ComponentProps<'button'> & Record<`data-${string}`, string>) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="inline-flex size-7 items-center justify-center rounded text-slate-800 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-30 [&_svg]:size-4"
      {...rest}
    >
      {children}
    </button>
  );
}
