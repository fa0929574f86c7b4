import { Loader2, ScanSearch } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TTestDetectionFace } from '@contract/test-detection';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { PageContainer, PageHeader } from '@web/features/account/PageHeader';
import { PhotoInput } from '@web/features/cards/PhotoInput';
import { UseCameraButton } from '@web/features/capture/UseCameraButton';
import { DetectionResult } from './test-detection/DetectionResult';
import { RefusalPanel } from './test-detection/RefusalPanel';
import { refusalOf, useTestDetection } from './test-detection/use-test-detection';

const FACES: { value: TTestDetectionFace; label: string }[] = [
  { value: 'front', label: 'Front' },
  { value: 'back', label: 'Back' },
];

/**
 * Test detection: a collector checks one photo with the grading engine before spending a credit —
 * the outline it finds, the straightened card, centering and the photo checks, or why it would
 * refuse the photo and how to retake it. Nothing is stored.
 */
export default function TestDetectionPage() {
  const [face, setFace] = useState<TTestDetectionFace>('front');
  const [file, setFile] = useState<File | null>(null);
  const detect = useTestDetection();
  const formRef = useRef<HTMLDivElement>(null);
  const run = (f: File | null = file) => f && detect.mutate({ file: f, face });
  const pick = (f: File | null) => {
    setFile(f);
    if (f) run(f);
    else detect.reset();
  };
  const retry = () => {
    pick(null);
    formRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    formRef.current?.querySelector<HTMLInputElement>('input[type=file]')?.click();
  };
  const refusal = refusalOf(detect.error);
  // On a phone the answer appears below the photo: bring it into view when it starts and when it arrives.
  const resultsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = resultsRef.current;
    if (detect.isIdle || !el) return;
    if (el.getBoundingClientRect().top > window.innerHeight * 0.7) el.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [detect.status, detect.isIdle]);

  return (
    <PageContainer>
      <PageHeader
        title="Test card detection"
        description="Check a photo before you spend a credit: see what the grading engine finds. Nothing is stored and no credit is used."
      />
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_1fr]">
        <Card ref={formRef} className="scroll-mt-20">
          <CardHeader>
            <CardTitle>Your photo</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium text-slate-800">Side of the card</legend>
              <div className="grid grid-cols-2 gap-2">
                {FACES.map((f) => (
                  <label
                    key={f.value}
                    className={cn(
                      'flex cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                      face === f.value
                        ? 'border-brand-700 bg-brand-50 text-brand-900'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                    )}
                  >
                    <input
                      type="radio"
                      name="face"
                      value={f.value}
                      checked={face === f.value}
                      onChange={() => setFace(f.value)}
                      className="size-4 accent-brand-700"
                    />
                    {f.label}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mx-auto w-full max-w-52">
              <PhotoInput label="Card photo" file={file} onChange={pick} />
            </div>
            <UseCameraButton faces={[face]} onCaptured={(p) => pick(p[face] ?? null)} />
            <Button onClick={() => run()} disabled={!file || detect.isPending}>
              <ScanSearch aria-hidden /> {detect.isIdle ? 'Check this photo' : 'Check again'}
            </Button>
            <p className="text-xs text-slate-600">
              One card, flat, on a plain surface. JPEG, PNG, WebP or HEIC up to 25 MB. The check starts as soon as you pick a photo.
            </p>
          </CardContent>
        </Card>

        <div ref={resultsRef} aria-live="polite" aria-busy={detect.isPending} className="min-w-0 scroll-mt-20">
          {detect.isIdle && (
            <Card>
              <CardContent className="grid gap-2 pt-6 text-sm text-slate-700">
                <h2 className="text-lg font-semibold text-slate-900">What you will see</h2>
                <p>
                  The outline of the card the engine finds on your photo, the card straightened to 63 × 88 mm, its centering (left/right and
                  top/bottom, with border widths in mm) and the checks that decide whether a photo can be graded: resolution, sharpness and
                  glare.
                </p>
                <p>
                  If the photo would be refused, you will see why and how to retake it. New to this? Read the{' '}
                  <Link to="/account/first-grade" className="font-medium text-brand-700 underline">
                    photo tips
                  </Link>
                  .
                </p>
              </CardContent>
            </Card>
          )}
          {detect.isPending && (
            <div
              role="status"
              className="flex min-h-64 flex-col items-center justify-center gap-3 rounded-xl border border-slate-200 bg-white text-slate-700"
            >
              <Loader2 aria-hidden className="size-8 animate-spin text-brand-700" />
              <span className="font-medium">Finding the card…</span>
            </div>
          )}
          {detect.isError &&
            (refusal ? (
              <RefusalPanel refusal={refusal} onRetry={retry} />
            ) : (
              <Alert variant="destructive">
                <AlertTitle>This photo could not be checked</AlertTitle>
                <AlertDescription>{errorMessage(detect.error)}</AlertDescription>
              </Alert>
            ))}
          {detect.isSuccess && <DetectionResult result={detect.data} onRetry={retry} />}
        </div>
      </div>
    </PageContainer>
  );
}
