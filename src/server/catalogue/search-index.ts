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
  nameWords: string[];
  nameGrams: Set<string>[];
  setWords: string[];
  setNameWords: string[];
  number: string;
}

const wordsOf = (s: string) => normalize(s).split(/\s+/).filter(Boolean);

export class CardSearchIndex {
  private readonly entries: Entry[];

  constructor(cards: TCatalogueCard[]) {
    this.entries = cards.map((card) => {
      const nameWords = wordsOf(card.name);
      return {
        card,
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

  search(query: string, opts: { limit: number; setId?: string }): { total: number; cards: Array<TCatalogueCard & { score: number }> } {
    const words = wordsOf(query);
    if (words.length === 0) return { total: 0, cards: [] };
    // "4/102" means number 4 of a set with 102 cards; the number part is what identifies the card.
    const numberWords = new Set(words.flatMap((w) => (w.includes('/') ? [w.split('/')[0]] : /\d/.test(w) ? [w] : [])));
    const printedTotals = new Set(words.filter((w) => w.includes('/')).map((w) => Number(w.split('/')[1])));
    const textWords = words.filter((w) => !w.includes('/'));
    const grams = textWords.map(trigrams);
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
      if (score >= 0.3) scored.push({ e, score });
    }
    scored.sort((a, b) => b.score - a.score || b.e.card.releaseDate.localeCompare(a.e.card.releaseDate));
    return {
      total: scored.length,
      cards: scored.slice(0, opts.limit).map(({ e, score }) => ({ ...e.card, score: Math.round(score * 1000) / 1000 })),
    };
  }
}
