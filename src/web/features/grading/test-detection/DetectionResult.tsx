import { CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { TTestDetectionResponse } from '@contract/test-detection';
import { Button } from '@web/components/ui/button';
import { CenteringPanel } from './CenteringPanel';
import { DetectionFigures } from './DetectionFigures';
import { PhotoChecks } from './PhotoChecks';

/** What the engine found on a photo it would grade. */
export function DetectionResult({ result, onRetry }: { result: TTestDetectionResponse; onRetry: () => void }) {
  const other = result.face === 'front' ? 'back' : 'front';
  return (
    <div className="grid gap-6">
      <section
        aria-labelledby="found-title"
        className="flex flex-wrap items-start justify-between gap-4 rounded-xl border border-green-200 bg-green-50 p-5 text-green-950"
      >
        <div className="flex gap-3">
          <CircleCheck aria-hidden className="mt-0.5 size-6 shrink-0 text-green-700" />
          <div>
            <h2 id="found-title" className="text-lg font-semibold">
              Card found: this {result.face} photo can be graded
            </h2>
            <p className="mt-1 text-sm">
              The engine traced all four edges and passed every photo check. Check the {other} too, then add the card.
            </p>
          </div>
        </div>
        <Button asChild>
          <Link to="/account/card/add-card">Add this card</Link>
        </Button>
      </section>
      <DetectionFigures result={result} />
      <div className="grid items-start gap-6 md:grid-cols-2">
        <CenteringPanel centering={result.centering} face={result.face} />
        <PhotoChecks checks={result.checks} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
        <p className="text-xs text-slate-600">
          Checked in {(result.durationMs / 1000).toFixed(1)} s. Nothing was stored and no credit was used.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onRetry}>
            Check another photo
          </Button>
          <Button asChild>
            <Link to="/account/card/add-card">Go on to add the card</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
