/** The Detailed Grading Report (§2.7): six tabs over §7.3's report endpoints. */
import { useState } from 'react';
import { Dialog } from 'radix-ui';
import type { TAdminSubmission } from '@contract/admin';
import { DialogPanel } from '@web/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useAdminQuery } from '../api';
import { ImageViewer } from '@web/components/image-viewer';
import { ReportOverview } from './ReportOverview';
import { DecisionLogs } from './DecisionLogs';
import { VisualMarkers } from './VisualMarkers';
import { AnalysisStepsPanel, AuditTrailPanel, ImageAdjustmentsPanel } from './ProcessingPanels';
import type { OpenImage } from './parts';

export const REPORT_TABS = ['Overview', 'Decision Logs', 'Visual Markers', 'Audit Trail', 'Image Adjustments', 'Analysis Steps'] as const;
/** Radix builds element ids from a tab's value: no spaces, so aria-controls stays a valid id reference. */
const tabValue = (label: (typeof REPORT_TABS)[number]) => label.toLowerCase().replace(/ /g, '-');

export function GradingReportDialog({ submission, onClose }: { submission: TAdminSubmission | null; onClose: () => void }) {
  // §7.3: the grading id, falling back to the submission's own id.
  const id = submission ? submission.gradingId || submission.id : '';
  const enabled = !!submission;
  const report = useAdminQuery('GET /api/admin/:hash/grading-reports/:gradingId', { gradingId: id }, undefined, { enabled });
  const trail = useAdminQuery('GET /api/admin/:hash/grading/:gradingId/audit-trail', { gradingId: id }, undefined, { enabled });
  const grouped = useAdminQuery('GET /api/admin/:hash/grading/:gradingId/adjustments-grouped', { gradingId: id }, undefined, { enabled });
  const steps = useAdminQuery('GET /api/admin/:hash/grading/:gradingId/analysis-steps', { gradingId: id }, undefined, { enabled });
  const [image, setImage] = useState<{ url: string; alt: string } | null>(null);
  const open: OpenImage = setImage;
  const data = report.data?.gradingId === submission?.gradingId ? report.data : undefined;

  return (
    <Dialog.Root open={!!submission} onOpenChange={(o) => !o && onClose()}>
      {submission && (
        <DialogPanel
          title="Detailed Grading Report"
          description={`${submission.cardName} · ${submission.gradingId}`}
          className="w-[min(72rem,calc(100vw-1rem))]"
        >
          {report.isPending ? (
            <p role="status" className="text-slate-600">
              Loading grading report…
            </p>
          ) : !data ? (
            <p className="text-slate-600">No grading details available</p>
          ) : (
            <Tabs defaultValue={tabValue('Overview')}>
              {/* Six tabs wrap onto rows on a phone rather than hide past the dialog's edge. */}
              <TabsList aria-label="Report sections" className="max-md:flex-wrap max-md:overflow-visible">
                {REPORT_TABS.map((t) => (
                  <TabsTrigger key={t} value={tabValue(t)} className="px-3 text-sm">
                    {t}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value={tabValue('Overview')} className="pt-4">
                <ReportOverview report={data} onImage={open} />
              </TabsContent>
              <TabsContent value={tabValue('Decision Logs')} className="pt-4">
                <DecisionLogs report={data} />
              </TabsContent>
              <TabsContent value={tabValue('Visual Markers')} className="pt-4">
                <VisualMarkers report={data} onImage={open} />
              </TabsContent>
              <TabsContent value={tabValue('Audit Trail')} className="pt-4">
                <AuditTrailPanel trail={trail.data} loading={trail.isPending} />
              </TabsContent>
              <TabsContent value={tabValue('Image Adjustments')} className="pt-4">
                <ImageAdjustmentsPanel grouped={grouped.data} loading={grouped.isPending} onImage={open} />
              </TabsContent>
              <TabsContent value={tabValue('Analysis Steps')} className="pt-4">
                <AnalysisStepsPanel steps={steps.data} loading={steps.isPending} />
              </TabsContent>
            </Tabs>
          )}
          <ImageViewer image={image} onClose={() => setImage(null)} />
        </DialogPanel>
      )}
    </Dialog.Root>
  );
}
