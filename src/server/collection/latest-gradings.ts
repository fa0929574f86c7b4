import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { gradings } from '../db/schema';
import { gradeAndValueColumns } from '../grading/displayed';

/**
 * Each of a collector's cards' newest completed grading (grades, values, recommended platform), in one
 * query: what the collection summary and the CSV export both read a card's grade and value from.
 */
export function latestCompletedGradings(db: Db, userId: string) {
  return db
    .selectDistinctOn([gradings.userCardId], {
      userCardId: gradings.userCardId,
      completedAt: gradings.completedAt,
      ...gradeAndValueColumns,
    })
    .from(gradings)
    .where(sql`${gradings.userId} = ${userId} and ${gradings.status} = 'completed'`)
    .orderBy(gradings.userCardId, desc(gradings.completedAt));
}
