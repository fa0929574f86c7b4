/**
 * The user card, row to contract: one mapper for every answer that shows a collector's card.
 */
import { sql } from 'drizzle-orm';
import type { TValueSource } from '@contract/pricing';
import type { TEdition, TFinish } from '@contract/printing';
import type { TUserCard } from '@contract/user-cards';
import { gradings, userCards } from '../db/schema';
import { displayedValue, gradeAndValueColumns } from '../grading/displayed';
import { normalizeDecimal, centsToDecimal } from '../money';
import { userCardImageUrl } from './image-urls';

type CardRow = typeof userCards.$inferSelect;
type GradingRow = typeof gradings.$inferSelect;

/** The grading columns a card shows (not the report, which can be large). */
export const SHOWN_GRADING_COLUMNS = {
  id: gradings.id,
  userCardId: gradings.userCardId,
  gradingId: gradings.gradingId,
  status: gradings.status,
  progress: gradings.progress,
  ...gradeAndValueColumns,
  createdAt: gradings.createdAt,
  /** What the values rest on: one small path out of the report (see contract/pricing.ts). */
  valueSource: sql<TValueSource | null>`${gradings.report}->'valueBasis'->'source'`.as('value_source'),
};
export type ShownGrading = Pick<GradingRow, Exclude<keyof typeof SHOWN_GRADING_COLUMNS, 'valueSource'>> & {
  valueSource: TValueSource | null;
};

/** What every view of a user card starts with (the collector's, the admin's cards dialog). */
export const userCardHead = (card: CardRow) => ({
  id: card.id,
  cardId: card.cardId,
  cardName: card.cardName,
  cardSet: card.cardSet,
  cardNumber: card.cardNumber,
  rarity: card.rarity,
  createdAt: card.createdAt.toISOString(),
  frontImageUrl: userCardImageUrl(card.id, card.images.front),
});

/** A user card row and its latest grading, as the contract's TUserCard. */
export function toUserCard(card: CardRow, latest: ShownGrading | null): TUserCard {
  return {
    ...userCardHead(card),
    backImageUrl: userCardImageUrl(card.id, card.images.back),
    personalNotes: card.personalNotes,
    actualPurchasePrice: centsToDecimal(card.purchasePriceCents),
    // The database checks these words (migration 0007), so the casts only name what is already true.
    edition: (card.edition as TEdition | null) ?? null,
    finish: (card.finish as TFinish | null) ?? null,
    quantity: card.quantity,
    latestGrading: latest && {
      id: latest.id,
      gradingId: latest.gradingId,
      status: latest.status,
      progress: latest.progress,
      psaGrade: latest.psaGrade,
      bgsGrade: latest.bgsGrade,
      cgcGrade: latest.cgcGrade,
      recommendedPlatform: latest.recommendedPlatform,
      estimatedValue: latest.status === 'completed' ? normalizeDecimal(displayedValue(latest)) : null,
      valueSource: latest.status === 'completed' ? (latest.valueSource ?? null) : null,
      createdAt: latest.createdAt.toISOString(),
    },
  };
}
