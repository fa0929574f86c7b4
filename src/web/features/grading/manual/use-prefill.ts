import { useEffect, useState } from 'react';
import type { TManualGradeRequest } from '@contract/manual-grade';
import { isManualReport, type TFaceCenteringLog } from '@contract/grading-report';
import type { TGrading } from '@contract/gradings';
import { useCardGradings } from '@web/features/cards/use-user-card';
import { useApiQuery } from '@web/lib/api-client';
import { readDraft, useKeepDraft } from '@web/lib/drafts';

const MANUAL_DRAFT = 'manual-grading';
type ManualDraft = { cardId: string; form: TManualGradeRequest };

const worst = (f: TFaceCenteringLog) =>
  f.measurable ? Math.round(Math.max(f.horizontal, 100 - f.horizontal, f.vertical, 100 - f.vertical) * 10) / 10 : null;

export const DEFAULT_FORM: TManualGradeRequest = { corners: 10, edges: 10, surface: 10, frontCentering: 55, backCentering: 60 };

/**
 * The card's gradings and the form, prefilled once per card from its latest completed grading:
 * a manual one gives back exactly what was entered; an engine one its sub-grades and the worse
 * centering axis of each face.
 */
export function usePrefilledForm(cardId: string | undefined) {
  const gradings = useCardGradings(cardId);
  const latest: TGrading | undefined = gradings.data?.find((g) => g.status === 'completed');
  const report = useApiQuery('GET /api/gradings/:gradingId/report', {
    params: { gradingId: latest?.gradingId ?? '' },
    queryKey: ['/api/gradings', latest?.gradingId ?? '', 'report'],
    enabled: !!latest,
  });
  const [form, setForm] = useState<TManualGradeRequest>(DEFAULT_FORM);
  // What the collector had entered when the session ran out (issue 24) wins over the prefill, once.
  const [draft] = useState(() => readDraft<ManualDraft>(MANUAL_DRAFT));
  useKeepDraft<ManualDraft>(MANUAL_DRAFT, () => ({ cardId: cardId ?? '', form }));
  const [prefilledFrom, setPrefilledFrom] = useState<{ key: string; gradingId: string | null; manual: boolean } | null>(null);
  const key = `${cardId ?? ''}:${latest?.gradingId ?? ''}`;
  const ready = !!cardId && gradings.isSuccess && (!latest || !report.isPending);

  useEffect(() => {
    // Once per card and grading, when the data arrives: the form is then the collector's to edit.
    if (!ready || prefilledFrom?.key === key) return;
    if (draft && draft.cardId === cardId && !prefilledFrom) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setForm(draft.form);
      return setPrefilledFrom({ key, gradingId: latest?.gradingId ?? null, manual: false });
    }
    if (!latest) return setPrefilledFrom({ key, gradingId: null, manual: false });
    const r = report.data;
    if (isManualReport(r)) setForm(r.input);
    else {
      const log = r?.centeringDecisionLog;
      setForm((f) => ({
        corners: latest.cornersScore ?? f.corners,
        edges: latest.edgesScore ?? f.edges,
        surface: latest.surfaceScore ?? f.surface,
        frontCentering: log ? worst(log.front) : f.frontCentering,
        backCentering: log ? worst(log.back) : f.backCentering,
      }));
    }
    setPrefilledFrom({ key, gradingId: latest.gradingId, manual: isManualReport(r) });
  }, [ready, key, prefilledFrom, latest, report.data, draft, cardId]);

  const newest = gradings.data?.[0];
  const busy = !!newest && (newest.status === 'pending' || newest.status === 'processing');
  const applied = prefilledFrom?.key === key ? prefilledFrom : null;
  // Until the prefill is applied the form still shows another card's (or the default) values.
  return { form, setForm, prefilledFrom: applied, busy, loading: !!cardId && !applied };
}
