import type { TCatalogueCard } from '@contract/catalogue';

/**
 * Typo-tolerant card search held in memory: the catalogue is ~20k cards (a few MB), so scoring every
 * card per query takes a few milliseconds and needs no database extension (pg_trgm is not on every
 * managed PostgreSQL, nor in PGlite by default). Words match by exact token, prefix, or trigram
 * similarity (so "charzard" finds Charizard); a number like "4/102" or "SV107" matches the card number.
 */
export const normalize = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9/ ]+/g, ' ')
    .trim();

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i < padded.length - 2; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

interface Entry {
  card: TCatalogueCard;
  /** The whole name, normalized: "Charizard" equals the query "charizard", "Charizard ex" starts with it. */
  name: string;
  nameWords: string[];
  nameGrams: Set<string>[];
  setWords: string[];
  setNameWords: string[];
  number: string;
}

const wordsOf = (s: string) => normalize(s).split(/\s+/).filter(Boolean);

/** "4" < "25" < "TG01" < "SV107": numbers in numeric order, then the rest by text. */
function compareNumbers(a: string, b: string): number {
  const na = Number.parseInt(a, 10);
  const nb = Number.parseInt(b, 10);
  if (Number.isNaN(na) !== Number.isNaN(nb)) return Number.isNaN(na) ? 1 : -1;
  return (Number.isNaN(na) ? 0 : na - nb) || a.localeCompare(b);
}

/**
 * Printings of equally good matches, oldest set first: a collector typing "Charizard" is far more
 * often holding the 1999 Base Set card than the newest promo, and the list then reads as a history.
 */
const byPrinting = (a: TCatalogueCard, b: TCatalogueCard) =>
  a.releaseDate.localeCompare(b.releaseDate) || a.setId.localeCompare(b.setId) || compareNumbers(a.number, b.number);

/**
 * What a query's whole text earns against a card's whole name, on top of its word matches (at most 1
 * per word): exact 1.3 > "Charizard ex" 1.15 > "Dark Charizard" 1.0 > "Charizard" for "charzard" (~0.5).
 * Marks the normalization drops (δ, ★) make "Charizard δ" an exact "Charizard", which it is to a collector.
 */
const EXACT_NAME_BONUS = 0.3;
const NAME_PREFIX_BONUS = 0.15;
const PARTIAL_PREFIX_BONUS = 0.1;

export interface SearchOptions {
  limit: number;
  offset?: number;
  setId?: string;
}
export interface SearchResult {
  total: number;
  cards: Array<TCatalogueCard & { score: number }>;
}

export class CardSearchIndex {
  private readonly entries: Entry[];

  constructor(cards: TCatalogueCard[]) {
    this.entries = cards.map((card) => {
      const nameWords = wordsOf(card.name);
      return {
        card,
        name: nameWords.join(' '),
        nameWords,
        nameGrams: nameWords.map(trigrams),
        setWords: [...wordsOf(card.setName), normalize(card.setId)],
        setNameWords: wordsOf(card.setName),
        number: normalize(card.number),
      };
    });
  }

  get size() {
    return this.entries.length;
  }

  /**
   * Ranked matches: exact name > name starting with the query > every word in the name > a word in
   * the name that starts like, or looks like (trigrams), a query word; set-name and number words add
   * to that. Ties are ordered by printing (oldest set first). An empty query with a set lists that set.
   */
  search(query: string, opts: SearchOptions): SearchResult {
    const offset = opts.offset ?? 0;
    const words = wordsOf(query);
    if (words.length === 0) {
      if (!opts.setId) return { total: 0, cards: [] };
      const inSet = this.entries.filter((e) => e.card.setId === opts.setId).map((e) => e.card);
      inSet.sort(byPrinting);
      return { total: inSet.length, cards: inSet.slice(offset, offset + opts.limit).map((card) => ({ ...card, score: 0 })) };
    }
    // "4/102" means number 4 of a set with 102 cards; the number part is what identifies the card.
    const numberWords = new Set(words.flatMap((w) => (w.includes('/') ? [w.split('/')[0]] : /\d/.test(w) ? [w] : [])));
    const printedTotals = new Set(words.filter((w) => w.includes('/')).map((w) => Number(w.split('/')[1])));
    const textWords = words.filter((w) => !w.includes('/'));
    const grams = textWords.map(trigrams);
    const wholeText = textWords.join(' ');
    const scored: Array<{ e: Entry; score: number }> = [];

    for (const e of this.entries) {
      if (opts.setId && e.card.setId !== opts.setId) continue;
      let score = 0;
      let matchedWords = 0;
      for (let i = 0; i < textWords.length; i++) {
        const w = textWords[i];
        let best = 0;
        for (let j = 0; j < e.nameWords.length; j++) {
          const nw = e.nameWords[j];
          const s = nw === w ? 1 : nw.startsWith(w) && w.length >= 2 ? 0.85 : similarity(grams[i], e.nameGrams[j]);
          if (s > best) best = s;
        }
        for (const sw of e.setWords) {
          const s = sw === w ? 0.7 : sw.startsWith(w) && w.length >= 3 ? 0.55 : 0;
          if (s > best) best = s;
        }
        if (numberWords.has(w) && e.number === w) best = Math.max(best, 0.9);
        if (best >= 0.4) matchedWords++;
        score += best;
      }
      if (matchedWords === 0) continue;
      // Every word should count: a card matching all words outranks one matching a single word well.
      score = (score / textWords.length) * (matchedWords / textWords.length);
      // "base" names the set "Base" better than "Base Set 2": reward covering the whole set name.
      const covered = e.setNameWords.filter((w) => textWords.includes(w)).length;
      if (covered > 0) score += 0.1 * (covered / e.setNameWords.length);
      if (numberWords.has(e.number)) score += 0.3;
      if (printedTotals.has(e.card.setPrintedTotal)) score += 0.1;
      if (e.name === wholeText) score += EXACT_NAME_BONUS;
      else if (e.name.startsWith(wholeText + ' ')) score += NAME_PREFIX_BONUS;
      // Half-typed ("chari"): still the names that begin so, but "Mew" must not lift "Mewtwo & Mew-GX" that far.
      else if (wholeText.length >= 3 && e.name.startsWith(wholeText)) score += PARTIAL_PREFIX_BONUS;
      if (score >= 0.3) scored.push({ e, score });
    }
    // Rounded before sorting, so float noise (0.30000000000000004) does not outrank an older printing.
    for (const s of scored) s.score = Math.round(s.score * 1000) / 1000;
    scored.sort((a, b) => b.score - a.score || byPrinting(a.e.card, b.e.card));
    return {
      total: scored.length,
      cards: scored.slice(offset, offset + opts.limit).map(({ e, score }) => ({ ...e.card, score })),
    };
  }
}
