/**
 * Rows to catalogue cards by set and number, the whole file at once: one query fetches every catalogue
 * card whose number any row names (and every catalogue id our own export carries), the rest is maps.
 * 10,000 rows are one round trip, not 10,000.
 */
import { sql } from 'drizzle-orm';
import type { TImportCandidate, TImportRow } from '@contract/collection-io';
import type { Db } from '../db/client';
import { cardSets, cards } from '../db/schema';
import { normalNumber, squeeze, type ReadRow } from './columns';

/** Offered at most for one ambiguous row. */
const MAX_CANDIDATES = 8;

type CatalogueCard = TImportCandidate & { setId: string; key: string };

/** The spellings a set name may have in a file: "SWSH01: Sword & Shield", "Base Set (Shadowless)", "base1". */
export function setKeys(raw: string): string[] {
  const s = raw
    .toLowerCase()
    .replace(/^[a-z0-9]{1,8}:\s+/, '')
    .replace(/\(.*?\)/g, '')
    .replace(/&/g, 'and')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  const k = squeeze(s);
  const keys = [k, squeeze(raw)];
  if (k.endsWith('set') && k.length > 3) keys.push(k.slice(0, -3));
  if (k.startsWith('pokemon')) keys.push(k.slice(7));
  return keys.filter(Boolean);
}

const plainName = (s: string) =>
  squeeze(
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/\s-\s.*$/, ''),
  );

/** "Charizard" and "Charizard - 4/102 (Shadowless)" or "Pokémon"/"Pokemon" are the same card name. */
export function namesAgree(fileName: string, catalogueName: string): boolean {
  const a = plainName(fileName);
  const b = plainName(catalogueName);
  return a === b || (a.length >= 3 && b.length >= 3 && (a.includes(b) || b.includes(a)));
}

const candidate = (c: CatalogueCard): TImportCandidate => ({
  cardId: c.cardId,
  name: c.name,
  setName: c.setName,
  number: c.number,
  rarity: c.rarity,
});

export async function matchRows(db: Db, rows: ReadRow[]): Promise<TImportRow[]> {
  const numbers = [...new Set(rows.map((r) => normalNumber(r.number)).filter(Boolean))];
  const ids = [...new Set(rows.map((r) => r.catalogueId).filter((id): id is string => !!id))];
  // One parameter each (a JSON array), however many rows: the same statement for 10 rows or 10,000.
  const found = await db
    .select({ cardId: cards.id, name: cards.name, number: cards.number, rarity: cards.rarity, setId: cardSets.id, setName: cardSets.name })
    .from(cards)
    .innerJoin(cardSets, sql`${cardSets.id} = ${cards.setId}`)
    .where(
      sql`regexp_replace(lower(${cards.number}), '^0+(?=\\w)', '') in (select jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb))
        or ${cards.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
    );
  const sets = await db.select({ id: cardSets.id, name: cardSets.name }).from(cardSets);
  const knownSets = new Set(sets.flatMap((s) => [s.id.toLowerCase(), ...setKeys(s.name)]));

  // A file and the catalogue name a few hundred sets, over and over: each spelled out once.
  const keysMemo = new Map<string, string[]>();
  const keysOf = (name: string) => {
    let keys = keysMemo.get(name);
    if (!keys) keysMemo.set(name, (keys = setKeys(name)));
    return keys;
  };
  const byId = new Map<string, CatalogueCard>();
  const byNumber = new Map<string, CatalogueCard[]>();
  /** "number|set key" and "number|set id" → cards: a row's set and number are a few map lookups. */
  const bySetNumber = new Map<string, CatalogueCard[]>();
  const add = (map: Map<string, CatalogueCard[]>, key: string, c: CatalogueCard) => {
    const list = map.get(key);
    if (list) list.push(c);
    else map.set(key, [c]);
  };
  for (const f of found) {
    const c: CatalogueCard = { ...f, key: keysOf(f.setName)[0] };
    byId.set(c.cardId, c);
    const n = normalNumber(c.number);
    add(byNumber, n, c);
    add(bySetNumber, `${n}|${c.key}`, c);
    if (c.key !== c.setId.toLowerCase()) add(bySetNumber, `${n}|${c.setId.toLowerCase()}`, c);
  }

  return rows.map((row): TImportRow => {
    const { catalogueId: _id, setId, problem, ...shown } = row;
    const out = (status: TImportRow['status'], list: CatalogueCard[], reason: string | null): TImportRow => ({
      ...shown,
      status,
      cardId: status === 'matched' ? list[0].cardId : null,
      candidates: list.slice(0, MAX_CANDIDATES).map(candidate),
      reason,
      // Whether the collection already has it is the import service's question (markDuplicates).
      duplicate: false,
    });
    if (problem) return out('unmatched', [], problem);
    const exact = row.catalogueId ? byId.get(row.catalogueId) : undefined;
    if (exact) return out('matched', [exact], null);
    if (!row.number) return out('unmatched', [], 'The row has no card number.');
    const wanted = new Set([...keysOf(row.set), ...(setId ? [setId.toLowerCase()] : []), row.set.toLowerCase()]);
    const number = normalNumber(row.number);
    const inSet = [...new Set([...wanted].flatMap((k) => bySetNumber.get(`${number}|${k}`) ?? []))];
    const nameOk = (c: CatalogueCard) => !row.name || namesAgree(row.name, c.name);
    if (inSet.length === 1) {
      return nameOk(inSet[0])
        ? out('matched', inSet, null)
        : out(
            'ambiguous',
            inSet,
            `The file says "${row.name}", the catalogue's ${inSet[0].setName} #${inSet[0].number} is ${inSet[0].name}.`,
          );
    }
    if (inSet.length > 1) {
      const named = inSet.filter(nameOk);
      if (named.length === 1) return out('matched', named, null);
      return out('ambiguous', named.length ? named : inSet, `${inSet.length} catalogue cards have this set and number.`);
    }
    const sameName = row.name ? (byNumber.get(number) ?? []).filter(nameOk) : [];
    const setKnown = [...wanted].some((k) => knownSets.has(k));
    if (sameName.length && !setKnown)
      return out('ambiguous', sameName, `No set called "${row.set}" in the catalogue; these cards have the same name and number.`);
    if (!row.set && !setId) return out('unmatched', [], 'The row has no set.');
    return out(
      'unmatched',
      [],
      setKnown ? `The catalogue's ${row.set} has no card number ${row.number}.` : `No set called "${row.set}" in the catalogue.`,
    );
  });
}
