/** Pure helpers for the value chart: month series, nice axis ticks, label thinning, change. */

export interface MonthPoint {
  month: string;
  value: number;
  /** False for a month filled in between gradings: the value carried over unchanged. */
  graded: boolean;
}

const monthIndex = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return (y ?? 0) * 12 + ((m ?? 1) - 1);
};
const monthKey = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * The API lists only months with gradings; the chart needs every month in between so that the
 * x axis is proportional to time. A missing month keeps the previous (cumulative) value.
 */
export function fillMonths(points: readonly { month: string; value: string | number }[]): MonthPoint[] {
  const sorted = points
    .map((p) => ({ month: p.month, value: Number(p.value) }))
    .filter((p) => /^\d{4}-\d{2}$/.test(p.month) && Number.isFinite(p.value))
    .sort((a, b) => a.month.localeCompare(b.month));
  const out: MonthPoint[] = [];
  for (const p of sorted) {
    const prev = out.at(-1);
    if (prev) {
      if (prev.month === p.month) {
        prev.value = p.value;
        continue;
      }
      for (let i = monthIndex(prev.month) + 1; i < monthIndex(p.month); i++)
        out.push({ month: monthKey(i), value: prev.value, graded: false });
    }
    out.push({ ...p, graded: true });
  }
  return out;
}

/**
 * Round axis ticks from 0 (or below, for a negative minimum) up to at least `max`: steps of 1, 2,
 * 2.5 or 5 × 10ⁿ, about `target` intervals, so 3–5 gridlines for the default of 4.
 */
export function niceTicks(min: number, max: number, target = 4): number[] {
  let lo = Math.min(0, min);
  let hi = Math.max(0, max);
  if (hi - lo <= 0) hi = lo + 100;
  const raw = (hi - lo) / Math.max(1, target);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((n) => n * magnitude >= raw - 1e-9) ?? 10) * magnitude;
  lo = Math.floor(lo / step + 1e-9) * step;
  hi = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = lo; v <= hi + step / 2; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return ticks;
}

/** Month steps an axis may label every so often: monthly, then quarterly, half-yearly, yearly… */
const MONTH_STEPS = [1, 2, 3, 4, 6, 12, 24, 36, 60];

/**
 * Which points get an x label so that labels `labelWidth` wide never touch, given `spacing` pixels
 * between neighbouring points. Counted back from the latest month, which is always labelled.
 */
export function labelledIndices(count: number, spacing: number, labelWidth: number, gap = 12): number[] {
  if (count <= 0) return [];
  const needed = spacing > 0 ? (labelWidth + gap) / spacing : Infinity;
  const step = MONTH_STEPS.find((s) => s >= needed) ?? Math.max(count, 1);
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) out.unshift(i);
  return out;
}

/** Change from the first to the last point: dollars, and percent when the first was not zero. */
export function valueChange(series: readonly { value: number }[]): { delta: number; percent: number | null } {
  const first = series[0]?.value ?? 0;
  const last = series.at(-1)?.value ?? 0;
  const delta = Math.round((last - first) * 100) / 100;
  return { delta, percent: first > 0 ? (delta / first) * 100 : null };
}
