import { arrayMove } from '@dnd-kit/sortable';
import { BINDER_PAGE_POCKETS } from '@contract/binders';

/** Pages a binder of `count` cards fills (at least one, so an empty binder still opens on a page). */
export const pageCountOf = (count: number) => Math.max(1, Math.ceil(count / BINDER_PAGE_POCKETS));

/** The 0-based page a card at `index` sits on, and its 1-based pocket there (left to right, top to bottom). */
export const placeOf = (index: number) => ({ page: Math.floor(index / BINDER_PAGE_POCKETS), pocket: (index % BINDER_PAGE_POCKETS) + 1 });

/** The cards of one page, padded with null for its empty sleeves. */
export function pocketsOf<T>(items: readonly T[], page: number): (T | null)[] {
  const start = page * BINDER_PAGE_POCKETS;
  return Array.from({ length: BINDER_PAGE_POCKETS }, (_, i) => items[start + i] ?? null);
}

/**
 * The list with the item at `from` moved to `to` (clamped to the list), the others keeping their
 * order. The same list back when nothing moves, so callers can skip the save.
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): readonly T[] {
  const target = Math.min(Math.max(to, 0), items.length - 1);
  if (from < 0 || from >= items.length || from === target) return items;
  return arrayMove([...items], from, target);
}

/**
 * The first page of the spread that shows `page`: facing pages are 0–1, 2–3, … (a binder opens on
 * its first two pages), one page at a time on a phone.
 */
export const spreadStartOf = (page: number, pagesPerSpread: 1 | 2) => page - (page % pagesPerSpread);
