/** The eight corner close-up slots and their names in words; no zod here (the grading command line imports this). */
export const CORNER_SLOTS = [
  'frontTopLeft',
  'frontTopRight',
  'frontBottomLeft',
  'frontBottomRight',
  'backTopLeft',
  'backTopRight',
  'backBottomLeft',
  'backBottomRight',
] as const;
export type TCornerSlot = (typeof CORNER_SLOTS)[number];
/** A corner's name in words, for people: 'backBottomLeft' → 'back bottom-left'. */
export const cornerSlotLabel = (slot: string) =>
  slot.replace(
    /^(front|back)(Top|Bottom)(Left|Right)$/,
    (_, face: string, v: string, h: string) => `${face} ${v.toLowerCase()}-${h.toLowerCase()}`,
  );
