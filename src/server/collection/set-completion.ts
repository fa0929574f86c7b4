import { sql } from 'drizzle-orm';
import type { TSetCompletion } from '@contract/set-completion';
import type { Db } from '../db/client';

interface Row {
  set_id: string;
  set_name: string;
  series: string;
  release_date: string;
  owned: number;
  total: number;
}

/**
 * One query: the collector's distinct catalogue cards grouped by set, joined to each set's size
 * counted from the catalogue (cards_set_idx). The catalogue's count, not card_sets.total: a few sets
 * have more cards in the catalogue than their announced total (promos), and a collector who owns every
 * card must read 100%, never 101%.
 */
export async function setCompletion(db: Db, userId: string): Promise<TSetCompletion[]> {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- execute() is typed per driver: the rows are named here
  const result = (await db.execute(sql`
    with owned as (
      select c.set_id, count(distinct c.id)::int as owned
      from user_cards uc
      join cards c on c.id = uc.card_id
      where uc.user_id = ${userId}
      group by c.set_id
    )
    select s.id as set_id, s.name as set_name, s.series, s.release_date, o.owned,
           (select count(*)::int from cards c2 where c2.set_id = s.id) as total
    from owned o
    join card_sets s on s.id = o.set_id
  `)) as unknown as { rows: Row[] };
  const rows = result.rows.map((r) => {
    const owned = r.owned;
    const total = Math.max(r.total, owned);
    return {
      setId: r.set_id,
      setName: r.set_name,
      series: r.series,
      releaseDate: r.release_date,
      owned,
      total,
      percent: Math.floor((owned * 100) / total),
    };
  });
  return rows.sort((a, b) => b.owned / b.total - a.owned / a.total || b.owned - a.owned || a.releaseDate.localeCompare(b.releaseDate));
}
