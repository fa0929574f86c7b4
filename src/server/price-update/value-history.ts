/**
 * A collection's value over time from the price history: at the end of each month, each card graded
 * by then is worth the latest price the weekly update recorded for it (its card, displayed platform and
 * grade) up to that month's end, or, before any, the value its grading shows now. Points fall on the
 * months cards were graded in and the months prices moved in. Without history this is what the
 * summary always showed: the cumulative value by month of grading.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export interface ValuedCard {
  cardKey: string;
  /** Null for a card valued at its market raw price (not graded): it has no graded price history. */
  platform: 'PSA' | 'BGS' | 'CGC' | null;
  grade: number | null;
  completedAt: Date | null;
  /** The value now, in cents, of one copy. */
  valueCents: number;
  /** Copies held (issue 15): each counts. */
  quantity?: number;
}

type HistoryRow = { card_key: string; platform: string; grade: number; value: string; recorded_at: string | Date };

/** Every recorded price of these (card, platform, grade) units, oldest first. */
async function historyRows(db: Db, units: { k: string; p: string | null; g: number | null }[]): Promise<HistoryRow[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
  const result = (await db.execute(sql`
    SELECT ph.card_key, ph.platform, ph.grade, ph.value, ph.recorded_at
    FROM json_to_recordset(${JSON.stringify(units)}::json) AS u(k text, p text, g double precision)
    JOIN price_history ph ON ph.card_key = u.k AND ph.platform = u.p AND ph.grade = u.g
    ORDER BY ph.recorded_at`)) as unknown as { rows: HistoryRow[] };
  return result.rows;
}

export async function valueHistory(db: Db, cards: ValuedCard[]): Promise<{ month: string; value: string }[]> {
  const graded = cards.filter((c) => c.completedAt);
  if (!graded.length) return [];
  const units = [
    ...new Map(
      graded
        .filter((c) => c.platform !== null && c.grade !== null)
        .map((c) => [`${c.cardKey}|${c.platform}|${c.grade}`, { k: c.cardKey, p: c.platform, g: c.grade }]),
    ).values(),
  ];
  const rows = units.length ? await historyRows(db, units) : [];
  const byUnit = new Map<string, { at: number; cents: number }[]>();
  for (const r of rows) {
    const key = `${r.card_key}|${r.platform}|${Number(r.grade)}`;
    const list = byUnit.get(key) ?? [];
    list.push({ at: new Date(r.recorded_at).getTime(), cents: Math.round(Number(r.value) * 100) });
    byUnit.set(key, list);
  }
  const monthOf = (t: Date) => t.toISOString().slice(0, 7);
  const months = new Set([...graded.map((c) => monthOf(c.completedAt!)), ...rows.map((r) => monthOf(new Date(r.recorded_at)))]);
  return [...months].sort().map((month) => {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const end = Date.UTC(y, m, 1); // the first instant of the next month
    let cents = 0;
    for (const c of graded) {
      if (c.completedAt!.getTime() >= end) continue;
      const history = byUnit.get(`${c.cardKey}|${c.platform}|${c.grade}`) ?? [];
      let latest: number | undefined;
      for (const h of history) if (h.at < end) latest = h.cents;
      cents += (latest ?? c.valueCents) * (c.quantity ?? 1);
    }
    return { month, value: (cents / 100).toFixed(2) };
  });
}
