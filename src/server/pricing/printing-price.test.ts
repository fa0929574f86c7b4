import { describe, expect, it } from 'vitest';
import { valueSourceLabel } from '@contract/pricing';
import { createEmbeddedPricing } from './embedded';
import {
  BASE_SET_FIRST_EDITION_PREMIUM,
  FIRST_EDITION_PREMIUM,
  pickPrintingVariant,
  printingsOf,
  REVERSE_HOLO_PREMIUM,
  SHADOWLESS_PREMIUM,
} from './printing-price';
import { createSnapshotMarketPrices } from './snapshot-prices';

const holo = { cardId: 'base2-1', rarity: 'Rare Holo' };
const jungle = ['1stEditionHolofoil', 'unlimitedHolofoil'];

describe('the printing → price variant rule', () => {
  it('keeps the old guess when the printing is not told', () => {
    expect(pickPrintingVariant(holo, jungle)).toEqual({ variant: 'unlimitedHolofoil' });
    expect(pickPrintingVariant({ ...holo, edition: null, finish: null }, ['holofoil'])).toEqual({ variant: 'holofoil' });
  });

  it("takes the owned printing's own listing when there is one", () => {
    expect(pickPrintingVariant({ ...holo, edition: 'first_edition', finish: 'holofoil' }, jungle)).toEqual({
      variant: '1stEditionHolofoil',
    });
    expect(pickPrintingVariant({ ...holo, edition: 'unlimited', finish: 'holofoil' }, jungle)).toEqual({ variant: 'unlimitedHolofoil' });
    expect(pickPrintingVariant({ ...holo, edition: 'first_edition', finish: null }, jungle)).toEqual({ variant: '1stEditionHolofoil' });
    const plain = { cardId: 'base2-17', rarity: 'Rare' };
    expect(pickPrintingVariant({ ...plain, edition: 'first_edition', finish: 'normal' }, ['1stEdition', 'unlimited'])).toEqual({
      variant: '1stEdition',
    });
    expect(pickPrintingVariant({ ...plain, edition: 'unlimited', finish: 'normal' }, ['1stEdition', 'unlimited'])).toEqual({
      variant: 'unlimited',
    });
    // Base Set's `holofoil` listing is the Unlimited print.
    expect(pickPrintingVariant({ cardId: 'base1-4', rarity: 'Rare Holo', edition: 'unlimited', finish: 'holofoil' }, ['holofoil'])).toEqual(
      {
        variant: 'holofoil',
      },
    );
    const modern = ['normal', 'reverseHolofoil'];
    expect(pickPrintingVariant({ cardId: 'sv1-1', rarity: 'Common', edition: null, finish: 'reverse_holofoil' }, modern)).toEqual({
      variant: 'reverseHolofoil',
    });
    expect(pickPrintingVariant({ cardId: 'sv1-1', rarity: 'Common', edition: null, finish: 'normal' }, modern)).toEqual({
      variant: 'normal',
    });
  });

  it('estimates a printing without a listing from the Unlimited price times its premium, never the Unlimited price as is', () => {
    const charizard = { cardId: 'base1-4', rarity: 'Rare Holo' };
    expect(pickPrintingVariant({ ...charizard, edition: 'first_edition', finish: 'holofoil' }, ['holofoil'])).toEqual({
      variant: 'holofoil',
      premium: { printing: '1st Edition Holo', multiplier: BASE_SET_FIRST_EDITION_PREMIUM },
    });
    expect(pickPrintingVariant({ ...charizard, edition: 'shadowless', finish: 'holofoil' }, ['holofoil'])).toEqual({
      variant: 'holofoil',
      premium: { printing: 'Shadowless Holo', multiplier: SHADOWLESS_PREMIUM },
    });
    // Shadowless is never listed on its own, even where a 1st Edition listing exists.
    expect(pickPrintingVariant({ ...holo, edition: 'shadowless', finish: 'holofoil' }, jungle)).toEqual({
      variant: 'unlimitedHolofoil',
      premium: { printing: 'Shadowless Holo', multiplier: SHADOWLESS_PREMIUM },
    });
    // Another set's 1st Edition without a listing: the measured premium.
    expect(pickPrintingVariant({ ...holo, edition: 'first_edition', finish: 'holofoil' }, ['unlimitedHolofoil'])).toEqual({
      variant: 'unlimitedHolofoil',
      premium: { printing: '1st Edition Holo', multiplier: FIRST_EDITION_PREMIUM },
    });
    // Finish not told: named by the listing it was priced from.
    expect(pickPrintingVariant({ ...charizard, edition: 'first_edition', finish: null }, ['holofoil'])).toMatchObject({
      premium: { printing: '1st Edition Holo' },
    });
    expect(pickPrintingVariant({ cardId: 'bw3-68', rarity: 'Common', edition: null, finish: 'reverse_holofoil' }, ['normal'])).toEqual({
      variant: 'normal',
      premium: { printing: 'Reverse Holo', multiplier: REVERSE_HOLO_PREMIUM },
    });
  });

  it('falls back to the nearest listed print, marked, and never to a 1st Edition price for another edition', () => {
    expect(pickPrintingVariant({ ...holo, edition: 'unlimited', finish: 'normal' }, jungle)).toEqual({
      variant: 'unlimitedHolofoil',
      premium: { printing: 'Unlimited', multiplier: 1 },
    });
    expect(pickPrintingVariant({ ...holo, edition: 'unlimited', finish: 'holofoil' }, ['1stEditionHolofoil'])).toBeNull();
    expect(pickPrintingVariant({ ...holo, edition: 'first_edition', finish: 'holofoil' }, [])).toBeNull();
  });
});

describe('the printings a catalogue card offers', () => {
  it('reads them from the listed variants, all three editions on Base Set, none after the WotC era', () => {
    expect(printingsOf('base1-4', ['holofoil'])).toEqual({
      known: true,
      editions: ['first_edition', 'shadowless', 'unlimited'],
      finishes: ['holofoil'],
    });
    expect(printingsOf('base2-17', ['1stEdition', 'unlimited'])).toEqual({
      known: true,
      editions: ['first_edition', 'unlimited'],
      finishes: ['normal'],
    });
    expect(printingsOf('sv1-1', ['normal', 'reverseHolofoil'])).toEqual({
      known: true,
      editions: [],
      finishes: ['normal', 'reverse_holofoil'],
    });
    expect(printingsOf('x-1', [])).toMatchObject({ known: false, editions: ['first_edition', 'shadowless', 'unlimited'] });
  });
});

describe('valuing the owned printing from the bundled snapshot', () => {
  const pricing = createEmbeddedPricing(createSnapshotMarketPrices());
  const charizard = { cardId: 'base1-4', cardName: 'Charizard', rarity: 'Rare Holo' };

  it('a 1st Edition Base Set Charizard is not an Unlimited one, and says it is estimated', async () => {
    const unlimited = await pricing.rawValueUsd({ ...charizard, edition: 'unlimited', finish: 'holofoil' });
    const first = await pricing.rawValueUsd({ ...charizard, edition: 'first_edition', finish: 'holofoil' });
    expect(unlimited.usd).toBe(352.72);
    expect(first.usd).toBe(2821.76);
    expect(first.source).toEqual({
      kind: 'market',
      provider: 'TCGplayer market',
      asOf: '2024-08-02',
      variant: 'holofoil',
      marketUsd: 352.72,
      premium: { printing: '1st Edition Holo', multiplier: 8 },
    });
    expect(valueSourceLabel(first.source)).toBe('TCGplayer market, 2024-08-02, 1st Edition Holo estimated from unlimited holofoil × 8');
    expect(valueSourceLabel(unlimited.source)).toBe('TCGplayer market, 2024-08-02, holofoil');
  });

  it('a listed 1st Edition takes its own market price', async () => {
    const jungle = { cardId: 'base2-1', cardName: 'Clefable', rarity: 'Rare Holo' };
    expect((await pricing.rawValueUsd({ ...jungle, edition: 'first_edition', finish: 'holofoil' })).usd).toBe(48.18);
    expect((await pricing.rawValueUsd({ ...jungle, edition: 'unlimited', finish: 'holofoil' })).usd).toBe(17.66);
    expect((await pricing.rawValueUsd(jungle)).usd).toBe(17.66);
  });
});
