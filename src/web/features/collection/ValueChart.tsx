import { ChartLine, Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { formatCompactDollars, formatDollars, formatMonth, formatSignedDollars, formatSignedPercent } from '@web/lib/format';
import { fillMonths, labelledIndices, niceTicks, valueChange, type MonthPoint } from './chart-scale';

interface Props {
  /** `valueHistory` of the collection summary: cumulative value by month of grading, oldest first. */
  points: readonly { month: string; value: string }[];
  /** Smaller, without the current-value headline (for the dashboard, where the tiles show it). */
  compact?: boolean;
}

/** Collection value over time: a hand-drawn SVG line with an axis, a dot per month and a tooltip. */
export function ValueChart({ points, compact = false }: Props) {
  const series = useMemo(() => fillMonths(points), [points]);
  if (series.length === 0) return <EmptyChart />;
  return (
    <div className="grid gap-3">
      <Headline series={series} compact={compact} />
      <Plot series={series} compact={compact} />
      {series.length === 1 && <p className="text-sm text-slate-600">The line grows as you add or grade cards in more months.</p>}
    </div>
  );
}

function EmptyChart() {
  return (
    <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
      <ChartLine aria-hidden className="size-8 text-brand-700" />
      <p className="font-semibold text-slate-900">Your collection’s value will show here</p>
      <p className="max-w-sm text-sm text-slate-600">
        Grade a card and its estimated value starts the line; every month you grade more, it grows.
      </p>
      <Button asChild variant="outline" className="mt-1">
        <Link to="/account/card/add-card">Grade a card</Link>
      </Button>
    </div>
  );
}

function Headline({ series, compact }: { series: MonthPoint[]; compact: boolean }) {
  const latest = series.at(-1)!;
  const { delta, percent } = valueChange(series);
  const Icon = delta > 0 ? TrendingUp : delta < 0 ? TrendingDown : Minus;
  const tone = delta > 0 ? 'bg-green-50 text-green-800' : delta < 0 ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-700';
  return (
    <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
      {!compact && (
        <div>
          <p className="text-sm text-slate-600">Current value</p>
          <p className="text-3xl font-bold tabular-nums text-slate-900">{formatDollars(latest.value)}</p>
        </div>
      )}
      {series.length > 1 && (
        <p className="flex flex-wrap items-center gap-x-1.5 text-sm">
          <span className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-semibold tabular-nums ${tone}`}>
            <Icon aria-hidden className="size-4" />
            {delta === 0 ? 'No change' : `${formatSignedDollars(delta)}${percent == null ? '' : ` (${formatSignedPercent(percent)})`}`}
          </span>
          <span className="text-slate-600">since {formatMonth(series[0].month)}</span>
        </p>
      )}
    </div>
  );
}

/** The rendered width of an element, kept up to date; `fallback` until it has been measured. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width || fallback] as const;
}

const CHAR = 6.8; // average width of a 12 px label character, for layout estimates
const MONTH_LABEL = 56; // "Sep 2026" at 12 px, with a little air

function Plot({ series, compact }: { series: MonthPoint[]; compact: boolean }) {
  const [ref, W] = useWidth(600);
  const gradientId = `value-area-${useId().replace(/[^\w-]/g, '')}`;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [hover, setHover] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const [tabStop, setTabStop] = useState<number | null>(null);
  const n = series.length;
  const last = n - 1;
  const current = Math.min(tabStop ?? last, last);
  const active = hover ?? focused;

  const narrow = W < 500;
  const H = compact ? (narrow ? 120 : 140) : narrow ? 170 : 210;
  const values = series.map((p) => p.value);
  const ticks = niceTicks(Math.min(...values), Math.max(...values), compact ? 2 : 4);
  const lo = ticks[0],
    hi = ticks.at(-1)!;
  const tickLabels = ticks.map(formatCompactDollars);
  const left = Math.ceil(Math.max(...tickLabels.map((t) => t.length)) * CHAR) + 12;
  const right = MONTH_LABEL / 2 + 4;
  const top = 28,
    bottom = 26;
  const plotW = Math.max(40, W - left - right),
    plotH = H - top - bottom;
  const step = n > 1 ? plotW / (n - 1) : 0;
  const x = (i: number) => (n > 1 ? left + i * step : left + plotW / 2);
  const y = (v: number) => top + (1 - (v - lo) / (hi - lo)) * plotH;
  const baseY = y(Math.max(lo, 0));
  const line = series.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const labelled = new Set(labelledIndices(n, step, MONTH_LABEL));
  const dots = n === 1 || step >= 10; // with years of months, only the latest and the active dot

  const first = series[0],
    latest = series[last];
  const summary =
    n === 1
      ? `Collection value in ${formatMonth(latest.month, true)}: ${formatDollars(latest.value)}`
      : `Collection value from ${formatDollars(first.value)} in ${formatMonth(first.month, true)} to ${formatDollars(latest.value)} in ${formatMonth(latest.month, true)}`;

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType !== 'mouse') return;
    const px = e.clientX - e.currentTarget.getBoundingClientRect().left;
    setHover(n > 1 ? Math.min(last, Math.max(0, Math.round((px - left) / step))) : 0);
  };
  const move = (to: number) => {
    const i = Math.min(last, Math.max(0, to));
    setTabStop(i);
    buttons.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const to = { ArrowLeft: i - 1, ArrowDown: i - 1, ArrowRight: i + 1, ArrowUp: i + 1, Home: 0, End: last }[e.key];
    if (to !== undefined) {
      e.preventDefault();
      move(to);
    } else if (e.key === 'Escape') {
      setFocused(null);
      setHover(null);
    }
  };

  return (
    // The SVG is absolutely placed so that it never widens its container: the container's width is measured and drawn to.
    <div
      ref={ref}
      className="relative w-full min-w-0 select-none"
      style={{ height: H }}
      onPointerMove={onPointerMove}
      onPointerLeave={() => setHover(null)}
    >
      <svg
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        className="absolute left-0 top-0 overflow-visible"
        role="img"
        aria-label={summary}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#4f46e5" stopOpacity="0.22" />
            <stop offset="100%" stopColor="#4f46e5" stopOpacity="0.02" />
          </linearGradient>
        </defs>
        {ticks.map((t, i) => (
          <g key={t}>
            <line
              x1={left}
              x2={W - right}
              y1={y(t)}
              y2={y(t)}
              className={t === 0 ? 'stroke-slate-300' : 'stroke-slate-200'}
              strokeDasharray={t === 0 ? undefined : '3 4'}
            />
            <text x={left - 8} y={y(t)} dy="0.32em" textAnchor="end" className="fill-slate-600 text-xs tabular-nums">
              {tickLabels[i]}
            </text>
          </g>
        ))}
        {series.map((p, i) =>
          labelled.has(i) ? (
            <text
              key={p.month}
              x={x(i)}
              y={H - 6}
              textAnchor="middle"
              className={`text-xs ${i === last ? 'fill-slate-800 font-medium' : 'fill-slate-600'}`}
            >
              {formatMonth(p.month)}
            </text>
          ) : null,
        )}
        {active !== null && (
          <line x1={x(active)} x2={x(active)} y1={top - 6} y2={baseY} className="stroke-slate-400" strokeDasharray="2 3" />
        )}
        {n > 1 && (
          <>
            <path
              d={`${line} L${x(last).toFixed(1)},${baseY.toFixed(1)} L${x(0).toFixed(1)},${baseY.toFixed(1)} Z`}
              fill={`url(#${gradientId})`}
            />
            <path d={line} fill="none" className="stroke-brand-700" strokeWidth={2.5} strokeLinejoin="round" strokeLinecap="round" />
          </>
        )}
        {n === 1 && (
          // One month: a drop line to its label and a halo, so the lone point reads as the start of a line.
          <>
            <line
              x1={x(0)}
              x2={x(0)}
              y1={y(latest.value)}
              y2={baseY}
              className="stroke-brand-600"
              strokeOpacity={0.35}
              strokeWidth={2}
              strokeDasharray="3 4"
            />
            <circle cx={x(0)} cy={y(latest.value)} r={12} className="fill-brand-600" fillOpacity={0.15} />
          </>
        )}
        {series.map((p, i) =>
          i === last || i === active || dots ? (
            <circle
              key={p.month}
              cx={x(i)}
              cy={y(p.value)}
              r={i === last || i === active ? 5.5 : 3.5}
              className={i === last || i === active ? 'fill-brand-700 stroke-white' : 'fill-white stroke-brand-700'}
              strokeWidth={2}
            />
          ) : null,
        )}
        {active !== last && (
          <text
            x={n > 1 ? x(last) + 6 : x(last)}
            y={y(latest.value) - (n === 1 ? 18 : 13)}
            textAnchor={n > 1 ? 'end' : 'middle'}
            className="fill-brand-800 stroke-white text-sm font-semibold tabular-nums"
            strokeWidth={4}
            paintOrder="stroke"
            strokeLinejoin="round"
          >
            {formatDollars(latest.value)}
          </text>
        )}
      </svg>
      <div role="group" aria-label="Value by month (arrow keys move between months)">
        {series.map((p, i) => (
          <button
            key={p.month}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            tabIndex={i === current ? 0 : -1}
            aria-label={`${formatMonth(p.month, true)}: ${formatDollars(p.value)}${p.graded ? '' : ', no new gradings'}`}
            className="absolute size-6 -translate-x-1/2 -translate-y-1/2 cursor-pointer rounded-full"
            style={{ left: x(i), top: y(p.value) }}
            onFocus={() => (setTabStop(i), setFocused(i))}
            onBlur={() => setFocused(null)}
            onClick={(e) => e.currentTarget.focus()}
            onKeyDown={(e) => onKeyDown(e, i)}
          />
        ))}
      </div>
      {active !== null && <Tooltip series={series} i={active} x={x(active)} y={y(series[active].value)} width={W} />}
    </div>
  );
}

function Tooltip({ series, i, x, y, width }: { series: MonthPoint[]; i: number; x: number; y: number; width: number }) {
  const p = series[i];
  const added = p.value - (i > 0 ? series[i - 1].value : 0);
  const below = y < 64; // near the top: open downwards so it stays over the chart
  const h = x < 80 ? 'translate-x-[-16px]' : x > width - 80 ? 'translate-x-[calc(-100%+16px)]' : '-translate-x-1/2';
  return (
    <div
      role="tooltip"
      className={`pointer-events-none absolute z-10 whitespace-nowrap rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-lg ${h} ${below ? '' : '-translate-y-full'}`}
      style={{ left: x, top: below ? y + 14 : y - 14 }}
    >
      <p className="text-slate-300">{formatMonth(p.month)}</p>
      <p className="text-sm font-semibold tabular-nums">{formatDollars(p.value)}</p>
      <p className="text-slate-300">{p.graded ? `${formatSignedDollars(added)} from new gradings` : 'No new gradings'}</p>
    </div>
  );
}
