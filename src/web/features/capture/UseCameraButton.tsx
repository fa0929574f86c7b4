import { Camera } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { Face } from '@contract/grading-report';
import { Button } from '@web/components/ui/button';
import type { CapturedPhotos } from './CaptureDialog';

// The capture screen, its worker and the engine's detector load only when someone opens the camera.
const CaptureDialog = lazy(() => import('./CaptureDialog'));

/** "Use camera": opens the guided capture screen for `faces` and hands the photos it took to the form. */
export function UseCameraButton({ faces, onCaptured }: { faces: Face[]; onCaptured: (photos: CapturedPhotos) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Camera aria-hidden />
        Use camera
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CaptureDialog
            faces={faces}
            onClose={() => setOpen(false)}
            onDone={(photos) => {
              setOpen(false);
              onCaptured(photos);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
