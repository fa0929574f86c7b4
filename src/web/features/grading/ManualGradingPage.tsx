import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { TManualGradeRequest, TManualGradeResult } from '@contract/manual-grade';
import { Alert } from '@web/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { apiRequest, errorMessage } from '@web/lib/api';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { useCardGradings, useUserCard } from '@web/features/cards/use-user-card';
import { GradeCircle } from './GradeCircle';

const STEPS = Array.from({ length: 19 }, (_, i) => 10 - i * 0.5);
type FaceLog = { measurable: boolean; horizontal?: number; vertical?: number };
const worst = (f?: FaceLog) => (f?.measurable && f.horizontal != null && f.vertical != null ? Math.round(Math.max(f.horizontal, 100 - f.horizontal, f.vertical, 100 - f.vertical) * 10) / 10 : null);

/**
 * Manual grading: the collector sets or adjusts sub-grades and centering; PSA-, BGS- and CGC-style
 * grades are recomputed on the server by the engine's own tables. With a card id, it starts from
 * that card's latest grading.
 */
export default function ManualGradingPage() {
  const { cardId } = useParams();
  const card = useUserCard(cardId);
  const gradings = useCardGradings(cardId);
  const latest = gradings.data?.find((g) => g.status === 'completed');
  const report = useQuery<{ centeringDecisionLog: { front: FaceLog; back: FaceLog } }>({ queryKey: ['/api/gradings', latest?.gradingId ?? '', 'report'], enabled: !!latest });
  const [form, setForm] = useState<TManualGradeRequest>({ corners: 10, edges: 10, surface: 10, frontCentering: 55, backCentering: 60 });
  useEffect(() => {
    if (!latest) return;
    setForm((f) => ({
      ...f,
      corners: latest.cornersScore ?? f.corners,
      edges: latest.edgesScore ?? f.edges,
      surface: latest.surfaceScore ?? f.surface,
      ...(report.data ? { frontCentering: worst(report.data.centeringDecisionLog.front), backCentering: worst(report.data.centeringDecisionLog.back) } : {}),
    }));
  }, [latest, report.data]);
  const compute = useMutation({ mutationFn: (body: TManualGradeRequest) => apiRequest<TManualGradeResult>('POST', '/api/grading/manual-grade', body) });
  const { mutate } = compute;
  useEffect(() => {
    const t = setTimeout(() => mutate(form), 150);
    return () => clearTimeout(t);
  }, [form, mutate]);
  const r = compute.data;
  const select = (key: 'corners' | 'edges' | 'surface', label: string) => (
    <FormField label={label}>
      <select className="h-10 rounded-md border border-slate-300 bg-white px-3 text-sm" value={form[key]} onChange={(e) => setForm((f) => ({ ...f, [key]: Number(e.target.value) }))}>
        {STEPS.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </FormField>
  );
  const share = (key: 'frontCentering' | 'backCentering', label: string) => (
    <FormField label={label} hint="The larger share of the worse axis: 55 for 55/45. Empty: not measurable.">
      <Input type="number" min={50} max={100} step={0.5} value={form[key] ?? ''} onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value === '' ? null : Number(e.target.value) }))} />
    </FormField>
  );
  return (
    <PageContainer>
      <PageHeader title="Manual grading" description={card.data ? `Adjusting ${card.data.cardName}${latest ? ` from grading ${latest.gradingId}` : ''}` : 'Enter sub-grades and centering; grades follow the same rules as the engine.'} />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Sub-grades</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {select('corners', 'Corners')}
            {select('edges', 'Edges')}
            {select('surface', 'Surface')}
            {share('frontCentering', 'Front centering')}
            {share('backCentering', 'Back centering')}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Grades</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4" aria-live="polite">
            {compute.error && <Alert variant="destructive">{errorMessage(compute.error)}</Alert>}
            {r && (
              <>
                <div className="flex justify-center gap-6">
                  <GradeCircle platform="PSA" grade={r.psaGrade} label={r.psaLabel} />
                  <GradeCircle platform="BGS" grade={r.bgsGrade} label={r.bgsLabel} />
                  <GradeCircle platform="CGC" grade={r.cgcGrade} label={r.cgcLabel} />
                </div>
                <p className="text-center text-sm text-slate-700">
                  Centering sub-grade {r.centering} · tables {r.gradeTablesVersion}
                </p>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
