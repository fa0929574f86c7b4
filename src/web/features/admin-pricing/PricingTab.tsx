import { CalendarClock, Play, RefreshCw } from 'lucide-react';
import type { TPriceUpdateLastRunResponse, TPriceUpdatePreviewResponse, TPriceUpdateResponse } from '@contract/price-update';
import { Alert } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { formatDateTime, formatInteger } from '@web/lib/format';
import { usePriceUpdate } from './use-price-update';

/**
 * The admin area's Weekly Price Update screen (spec §2.7). `hash` is the install's admin path segment
 * (`/api/admin/{hash}`): the admin shell hands it in.
 */
export function PricingTab({ hash }: { hash: string }) {
  const { lastRun, preview, start, confirmAndStart } = usePriceUpdate(hash);
  const updating = start.isPending;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <CalendarClock aria-hidden className="size-5" /> Last Price Update Status
          </CardTitle>
        </CardHeader>
        <CardContent>
          {lastRun.isError ? (
            <Alert variant="destructive">Unable to load last run status</Alert>
          ) : lastRun.data ? (
            <LastRun run={lastRun.data} />
          ) : (
            <p className="text-sm text-slate-600">Loading…</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Update Preview</CardTitle>
          <CardDescription>What a run started now would cover.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {preview.isError ? (
            <Alert variant="destructive">Unable to load preview data</Alert>
          ) : preview.data ? (
            <Preview preview={preview.data} />
          ) : (
            <p className="text-sm text-slate-600">Loading…</p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button onClick={confirmAndStart} disabled={updating}>
              {updating ? <RefreshCw aria-hidden className="animate-spin" /> : <Play aria-hidden />}
              {updating ? 'Updating Prices...' : 'Start Weekly Update'}
            </Button>
            <Button variant="outline" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
              <RefreshCw aria-hidden /> Refresh Preview
            </Button>
          </div>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <UpdateRules pricedBy={preview.data?.pricedBy} />
        <LastResults result={start.data} />
      </div>
    </div>
  );
}

const STATUS: Record<string, { label: string; variant: 'green' | 'red' | 'blue' | 'gray' }> = {
  success: { label: 'Success', variant: 'green' },
  failed: { label: 'Failed', variant: 'red' },
  running: { label: 'Running', variant: 'blue' },
};

function LastRun({ run }: { run: TPriceUpdateLastRunResponse }) {
  // Spec §4: success, failed, else 'Never run' (a run still going says so).
  const status = STATUS[run.status];
  if (!status || !run.lastRun) return <Badge variant="gray">Never run</Badge>;
  return (
    <div className="grid gap-3 text-sm">
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Status</dt>
          <dd>
            <Badge variant={status.variant}>{status.label}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Last run</dt>
          <dd className="font-medium text-slate-900">{formatDateTime(run.lastRun)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Cards updated</dt>
          <dd className="font-medium text-slate-900">{formatInteger(run.totalCardsUpdated)}</dd>
        </div>
      </dl>
      {/* Outside the list: a <dl> may hold only its term and description groups. */}
      <p className="text-slate-700">{run.message}</p>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function Preview({ preview }: { preview: TPriceUpdatePreviewResponse }) {
  const c = preview.priceUpdateCategories;
  const categories: [string, number, boolean][] = [
    ['Graded + Active Subscription', c.gradedWithSubscription, false],
    ['Recently Graded (< 12 months)', c.recentlyGraded, false],
    ['Old Graded + Pro Subscription', c.oldGradedWithPro, false],
    ['Old Graded + Starter Account', c.oldGradedWithoutPro, true],
  ];
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Figure label="Total Cards" value={formatInteger(preview.totalCards)} />
        <Figure label="Cards to Update" value={formatInteger(preview.cardsToUpdate)} />
        <Figure label="Eligible Users" value={formatInteger(preview.eligibleUsers)} />
        <Figure label="Est. Duration" value={preview.estimatedDuration} />
      </dl>
      <PreviewExplained preview={preview} />
      <ul aria-label="Cards by category" className="grid gap-2 text-sm">
        {categories.map(([label, count, skipped]) => (
          <li key={label} className="flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2">
            <span className={skipped ? 'text-slate-600 line-through decoration-slate-400' : 'text-slate-900'}>{label}</span>
            <span className="flex items-center gap-2">
              <span className="font-semibold tabular-nums text-slate-900">{formatInteger(count)}</span>
              {skipped && <Badge variant="gray">Skipped</Badge>}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

const cardsText = (n: number) => `${formatInteger(n)} ${n === 1 ? 'card' : 'cards'}`;

/** Issue 24.10: how the figures add up, and what prices the cards (the configured adapter, not always a model). */
function PreviewExplained({ preview }: { preview: TPriceUpdatePreviewResponse }) {
  const c = preview.counts;
  return (
    <div className="grid gap-1 rounded-md border border-slate-200 p-3 text-sm text-slate-800" data-testid="preview-explained">
      {c && (
        <p>
          {cardsText(c.eligibleCards)} covered by the rules − {cardsText(c.skippedRecentlyPriced)} priced within the last {c.recencyDays}{' '}
          days (skipped) = <strong>{cardsText(preview.cardsToUpdate)} to update</strong>.
          {c.skippedOldStarter + c.skippedIncomplete > 0 &&
            ` Not covered: ${cardsText(c.skippedOldStarter)} graded over 12 months ago on starter accounts, ${cardsText(c.skippedIncomplete)} without all three grades.`}
        </p>
      )}
      {preview.pricedBy && (
        <p>
          Priced by: <strong>{preview.pricedBy.label}</strong>
        </p>
      )}
    </div>
  );
}

function UpdateRules({ pricedBy }: { pricedBy: TPriceUpdatePreviewResponse['pricedBy'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Update Rules</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-slate-700">
          <li>Graded cards of users with an active Pro subscription are updated.</li>
          <li>All cards graded within the last 12 months are updated.</li>
          <li>Older graded cards are updated only for Pro subscribers.</li>
          <li>Starter-account cards graded more than 12 months ago are skipped.</li>
          <li>Cards without complete grading information are skipped.</li>
          <li>Cards priced within the last 7 days are skipped.</li>
          <li>If any Pro subscriber holds a card, its price updates for every holder.</li>
          <li>
            {pricedBy
              ? pricedBy.kind === 'openai'
                ? `Prices come from an AI language model service: ${pricedBy.label}.`
                : `Prices come from the embedded estimator (market price × grade multipliers); no AI model is called.`
              : 'Prices come from the configured pricing adapter.'}
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}

function LastResults({ result }: { result: TPriceUpdateResponse | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Last Update Results</CardTitle>
      </CardHeader>
      <CardContent>
        {!result ? (
          <p className="text-sm text-slate-600">Start an update to see its results here.</p>
        ) : (
          <div className="grid gap-3 text-sm">
            <p className={result.success ? 'text-slate-800' : 'text-red-800'}>{result.message}</p>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
              {(
                [
                  ['Cards processed', formatInteger(result.stats.totalCardsProcessed)],
                  ['Successful updates', formatInteger(result.stats.successfulUpdates)],
                  ['Failed updates', formatInteger(result.stats.failedUpdates)],
                  ['Duplicates skipped', formatInteger(result.stats.duplicatesSkipped)],
                  ['Duration', result.stats.duration],
                  ['API calls', formatInteger(result.stats.totalApiCalls)],
                ] as const
              ).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-600">{k}</dt>
                  <dd className="text-right font-medium tabular-nums text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
            {result.errors.length > 0 && (
              <details>
                <summary className="cursor-pointer text-red-800">Errors ({formatInteger(result.errors.length)})</summary>
                <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-slate-700">
                  {result.errors.map((e, i) => (
                    <li key={i}>{e}</li>
                  ))}
                </ul>
              </details>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
