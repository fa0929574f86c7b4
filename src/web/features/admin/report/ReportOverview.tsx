import { REPORT_CORNER_KEYS, type TAdminGradingReportResponse } from '@contract/admin';
import { GradeCircle } from '@web/features/grading/GradeCircle';
import { FeeArithmetic } from '@web/features/grading/FeeArithmetic';
import { formatDateTime, formatDollars } from '@web/lib/format';
import { RarityBadge } from '../badges';
import { camelWords, Figure, NA, orNA, percent, Section, type OpenImage } from './parts';

/** Overview tab: card info, grade circles, sub-grades, values, details and the uploaded images. */
export function ReportOverview({ report: r, onImage }: { report: TAdminGradingReportResponse; onImage: OpenImage }) {
  const details: [string, string][] = [
    ['User', orNA(r.user)],
    ['Submitted', r.createdAt ? formatDateTime(r.createdAt) : NA],
    ['Grading ID', orNA(r.gradingId)],
    ['Confidence', percent(r.confidence)],
    ['Recommended Platform', orNA(r.recommendedPlatform)],
  ];
  return (
    <div className="grid gap-6">
      <Section title="Card Information">
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">Name</dt>
            <dd className="font-medium">{r.cardName}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Set</dt>
            <dd className="font-medium">{r.cardSet}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Number</dt>
            <dd className="font-medium">{r.cardNumber}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Rarity</dt>
            <dd>{r.rarity ? <RarityBadge rarity={r.rarity} /> : NA}</dd>
          </div>
        </dl>
      </Section>
      <Section title="Grades">
        <div className="flex flex-wrap gap-6">
          <GradeCircle platform="PSA" grade={r.psaGrade} />
          <GradeCircle platform="BGS" grade={r.bgsGrade} />
          <GradeCircle platform="CGC" grade={r.cgcGrade} />
        </div>
      </Section>
      <Section title="Sub-grades">
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {(
            [
              ['Centering', r.centeringScore],
              ['Corners', r.cornersScore],
              ['Edges', r.edgesScore],
              ['Surface', r.surfaceScore],
            ] as const
          ).map(([label, v]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold">{orNA(v)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="Value Analysis">
        <dl className="grid grid-cols-3 gap-2 text-sm">
          {(
            [
              ['PSA', r.psaEstimatedValue],
              ['BGS', r.bgsEstimatedValue],
              ['CGC', r.cgcEstimatedValue],
            ] as const
          ).map(([label, v]) => (
            <div key={label}>
              <dt className="text-slate-600">{label} Value</dt>
              <dd className="font-semibold">{v ? formatDollars(v) : NA}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-3">
          <FeeArithmetic values={r} rawValueUsd={r.rawValueUsd} />
        </div>
      </Section>
      <Section title="Grading Details">
        <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
          {details.map(([label, v]) => (
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium break-all">{v}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section title="User-uploaded Images">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure url={r.frontImageUrl} alt="Front" onImage={onImage} />
          <Figure url={r.backImageUrl} alt="Back" onImage={onImage} />
          {REPORT_CORNER_KEYS.map((k) => (
            <Figure key={k} url={r.cornerImageUrls[k]} alt={camelWords(k)} onImage={onImage} className="h-24" />
          ))}
          {r.detailImages.map((url, i) => (
            <Figure key={url} url={url} alt={`Detail ${i + 1}`} onImage={onImage} className="h-24" />
          ))}
        </div>
      </Section>
    </div>
  );
}
