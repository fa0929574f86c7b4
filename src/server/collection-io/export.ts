/**
 * The collection as a CSV file: one line per card with its printing, each platform's grade and value
 * from its latest completed grading, what was paid, notes and the binders it sits in. Three queries
 * (cards, latest gradings, binder entries), whatever the collection's size. The columns are the ones
 * the import reads back (columns.ts), so an export imports again with every row matched by its
 * catalogue id.
 */
import { asc, eq } from 'drizzle-orm';
import { EDITION_LABELS, FINISH_LABELS, type TEdition, type TFinish } from '@contract/printing';
import type { Db } from '../db/client';
import { binderCards, binders, cards, userCards } from '../db/schema';
import { displayedPlatform } from '../grading/displayed';
import { figuredCards } from '../collection/figures';
import type { MarketPriceSource } from '../pricing/port';
import { csvText, type CsvRow } from './csv';

export const EXPORT_HEADER = [
  'Name',
  'Set',
  'Set ID',
  'Number',
  'Rarity',
  'Edition',
  'Finish',
  'Quantity',
  'PSA Grade',
  'BGS Grade',
  'CGC Grade',
  'Recommended Platform',
  'PSA Value',
  'BGS Value',
  'CGC Value',
  'Estimated Value',
  'Purchase Price',
  'Notes',
  'Binders',
  'Catalogue ID',
  'Added',
] as const;

/** Excel reads a CSV as the machine's legacy code page unless it starts with a BOM. */
const BOM = '\uFEFF';

export async function exportCollectionCsv(db: Db, market: MarketPriceSource, userId: string): Promise<string> {
  const owned = await db
    .select({
      id: userCards.id,
      cardId: userCards.cardId,
      name: userCards.cardName,
      set: userCards.cardSet,
      setId: cards.setId,
      number: userCards.cardNumber,
      rarity: userCards.rarity,
      edition: userCards.edition,
      finish: userCards.finish,
      quantity: userCards.quantity,
      purchasePriceCents: userCards.purchasePriceCents,
      notes: userCards.personalNotes,
      createdAt: userCards.createdAt,
    })
    .from(userCards)
    .leftJoin(cards, eq(cards.id, userCards.cardId))
    .where(eq(userCards.userId, userId))
    .orderBy(asc(userCards.createdAt), asc(userCards.id));
  // Estimated Value is the collection tiles' per-copy value (collection/figures.ts): graded value, else
  // the market raw price, else empty.
  const figured = new Map((await figuredCards(db, market, userId)).map((c) => [c.id, c]));
  const entries = await db
    .select({ userCardId: binderCards.userCardId, name: binders.name })
    .from(binderCards)
    .innerJoin(binders, eq(binders.id, binderCards.binderId))
    .where(eq(binders.userId, userId))
    .orderBy(asc(binders.name));
  const bindersOf = new Map<string, string[]>();
  for (const e of entries) bindersOf.set(e.userCardId, [...(bindersOf.get(e.userCardId) ?? []), e.name]);

  const rows: CsvRow[] = [EXPORT_HEADER];
  for (const c of owned) {
    const f = figured.get(c.id);
    const g = f?.grading;
    rows.push([
      c.name,
      c.set,
      c.setId,
      c.number,
      c.rarity,
      c.edition ? EDITION_LABELS[c.edition as TEdition] : null,
      c.finish ? FINISH_LABELS[c.finish as TFinish] : null,
      c.quantity,
      g?.psaGrade,
      g?.bgsGrade,
      g?.cgcGrade,
      g ? displayedPlatform(g) : null,
      g?.psaEstimatedValue,
      g?.bgsEstimatedValue,
      g?.cgcEstimatedValue,
      f?.value ? (f.value.centsPerCopy / 100).toFixed(2) : null,
      c.purchasePriceCents === null ? null : (c.purchasePriceCents / 100).toFixed(2),
      c.notes,
      (bindersOf.get(c.id) ?? []).join('; '),
      c.cardId,
      c.createdAt.toISOString().slice(0, 10),
    ]);
  }
  return BOM + csvText(rows);
}
