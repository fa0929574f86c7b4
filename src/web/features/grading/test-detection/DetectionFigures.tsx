import { useId, useState } from 'react';
import type { TTestDetectionResponse } from '@contract/test-detection';

const faceName = (face: string) => (face === 'back' ? 'back' : 'front');

/** The straightened card with the cut outline and, if measured, the print frame drawn over it in card millimetres. */
function StraightenedCard({ result }: { result: TTestDetectionResponse }) {
  const [showFrame, setShowFrame] = useState(true);
  const toggleId = useId();
  const { width: W, height: H } = result.cardSizeMm;
  const m = result.images.rectifiedMarginMm;
  const c = result.centering;
  const b = c.measurable ? c.bordersMm : null;
  const label = (x: number, y: number, text: string, anchor: 'start' | 'middle' | 'end' = 'middle') => (
    <text
      x={x}
      y={y}
      textAnchor={anchor}
      dominantBaseline="middle"
      fontSize={3.4}
      fontWeight={700}
      fill="#701a75"
      stroke="white"
      strokeWidth={0.9}
      paintOrder="stroke"
      fontFamily="system-ui, sans-serif"
    >
      {text}
    </text>
  );
  return (
    <figure className="grid content-start gap-2">
      <div className="relative mx-auto w-full max-w-72">
        <img
          src={result.images.rectified}
          alt={`The ${faceName(result.face)} of the card straightened to ${W} × ${H} mm`}
          className="block w-full rounded-md border border-slate-200"
        />
        <svg
          aria-hidden
          viewBox={`${-m} ${-m} ${W + 2 * m} ${H + 2 * m}`}
          className="pointer-events-none absolute inset-0 size-full"
          preserveAspectRatio="none"
        >
          <rect x={0} y={0} width={W} height={H} rx={3} fill="none" stroke="#16a34a" strokeWidth={0.45} />
          {showFrame && b && (
            <g>
              <rect
                x={b.left}
                y={b.top}
                width={W - b.left - b.right}
                height={H - b.top - b.bottom}
                fill="none"
                stroke="#c026d3"
                strokeWidth={0.45}
                strokeDasharray="1.6 1"
              />
              <g stroke="#c026d3" strokeWidth={0.7}>
                <line x1={0} y1={H / 2} x2={b.left} y2={H / 2} />
                <line x1={W - b.right} y1={H / 2} x2={W} y2={H / 2} />
                <line x1={W / 2} y1={0} x2={W / 2} y2={b.top} />
                <line x1={W / 2} y1={H - b.bottom} x2={W / 2} y2={H} />
              </g>
              {label(b.left + 1.2, H / 2, b.left.toFixed(2), 'start')}
              {label(W - b.right - 1.2, H / 2, b.right.toFixed(2), 'end')}
              {label(W / 2, b.top + 3, b.top.toFixed(2))}
              {label(W / 2, H - b.bottom - 3, b.bottom.toFixed(2))}
            </g>
          )}
        </svg>
      </div>
      <figcaption className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">Straightened card.</span> Green: the cut edge.
        {b
          ? ' Dashed pink: the print frame the engine measured, with border widths in mm.'
          : ' No print frame could be measured on this face.'}
        {b && (
          <label htmlFor={toggleId} className="mt-1 flex items-center gap-2">
            <input
              id={toggleId}
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={showFrame}
              onChange={(e) => setShowFrame(e.target.checked)}
            />
            Show the centering frame
          </label>
        )}
      </figcaption>
    </figure>
  );
}

/** Your photo with the outline the engine found, beside the straightened card. */
export function DetectionFigures({ result }: { result: TTestDetectionResponse }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <figure className="grid content-start gap-2">
        <img
          src={result.images.outline}
          alt={`The card's ${faceName(result.face)} as you took it, with the card outline the engine found drawn in green`}
          className="mx-auto block max-h-[26rem] w-auto max-w-full rounded-md border border-slate-200"
        />
        <figcaption className="text-sm text-slate-700">
          <span className="font-medium text-slate-900">Outline on your photo.</span> Green: the four cut edges the engine traced (
          {result.photo.width} × {result.photo.height} px photo).
        </figcaption>
      </figure>
      <StraightenedCard result={result} />
    </div>
  );
}
