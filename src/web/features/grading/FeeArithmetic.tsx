import { GRADING_FEES, gradingAdvice } from '@contract/grading-fees';
import type { TPlatform } from '@contract/common';
import { formatDollars } from '@web/lib/format';

type Values = { psaEstimatedValue: string | null; bgsEstimatedValue: string | null; cgcEstimatedValue: string | null };

/** Minus sign for a negative amount ("−$17.82"), as the arithmetic reads. */
const signed = (v: number) => (v < 0 ? `−${formatDollars(-v)}` : formatDollars(v));

/**
 * Issue 24.4: why the recommended company is recommended — each company's value minus its typical fee,
 * against the raw value — and a plain sentence when grading is not worth it. The arithmetic comes from
 * gradingAdvice, the same function the server recommends with, so the figures and the word agree.
 */
export function FeeArithmetic({ values, rawValueUsd }: { values: Values; rawValueUsd: number | null | undefined }) {
  const byPlatform: Record<TPlatform, string | null> = {
    PSA: values.psaEstimatedValue,
    BGS: values.bgsEstimatedValue,
    CGC: values.cgcEstimatedValue,
  };
  if (Object.values(byPlatform).some((v) => v == null)) return null;
  const advice = gradingAdvice(
    { PSA: Number(byPlatform.PSA), BGS: Number(byPlatform.BGS), CGC: Number(byPlatform.CGC) },
    rawValueUsd ?? null,
  );
  const best = advice.rows.find((r) => r.platform === advice.recommended)!;
  return (
    <section aria-labelledby="fee-arithmetic-title" className="min-w-0 rounded-lg border border-slate-200 p-3 text-sm">
      <h3 id="fee-arithmetic-title" className="font-semibold text-slate-900">
        Value after grading fees
      </h3>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-xs tabular-nums sm:text-sm">
          <thead>
            <tr className="text-slate-600">
              <th scope="col" className="py-1 pr-2 font-medium">
                Company
              </th>
              <th scope="col" className="whitespace-nowrap py-1 pr-2 text-right font-medium">
                Value
              </th>
              <th scope="col" className="whitespace-nowrap py-1 pr-2 text-right font-medium">
                Fee
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Net
              </th>
            </tr>
          </thead>
          <tbody>
            {advice.rows.map((r) => (
              <tr key={r.platform} className={r.platform === advice.recommended ? 'bg-brand-50 font-semibold' : undefined}>
                <th scope="row" className="py-1 pr-2 font-medium">
                  {r.platform}
                </th>
                <td className="whitespace-nowrap py-1 pr-2 text-right">{formatDollars(r.valueUsd)}</td>
                <td className="whitespace-nowrap py-1 pr-2 text-right">−{formatDollars(r.feeUsd)}</td>
                <td className="whitespace-nowrap py-1 text-right">= {signed(r.netUsd)}</td>
              </tr>
            ))}
            {advice.rawValueUsd != null && (
              <tr className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-2 font-medium">
                  Raw (ungraded)
                </th>
                <td className="whitespace-nowrap py-1 pr-2 text-right">{formatDollars(advice.rawValueUsd)}</td>
                <td className="whitespace-nowrap py-1 pr-2 text-right">−{formatDollars(0)}</td>
                <td className="whitespace-nowrap py-1 text-right">= {formatDollars(advice.rawValueUsd)}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-slate-900" data-testid="grading-verdict">
        {advice.worthGrading === false
          ? `Grading is not worth it: after its fee, the best company (${best.platform}, ${signed(best.netUsd)}) leaves less than the raw value of ${formatDollars(advice.rawValueUsd)}. Keep the card raw.`
          : advice.worthGrading
            ? `${best.platform} leaves the most after its fee: ${signed(best.netUsd)}, ${formatDollars(best.netUsd - advice.rawValueUsd!)} more than the raw value.`
            : `${best.platform} leaves the most after its fee (${signed(best.netUsd)}); the raw value is not known, so whether grading pays is not shown.`}
      </p>
      <p className="mt-1 text-xs text-slate-600">
        Typical fees as of {GRADING_FEES.asOf} ({GRADING_FEES.version}): {GRADING_FEES.source}
      </p>
    </section>
  );
}
