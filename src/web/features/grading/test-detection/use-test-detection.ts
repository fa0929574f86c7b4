import { useMutation } from '@tanstack/react-query';
import { ZTestDetectionRefusal, type TTestDetectionFace, type TTestDetectionRefusal } from '@contract/test-detection';
import { ApiError } from '@web/lib/api';
import { api } from '@web/lib/api-client';

export const TEST_DETECTION_URL = '/api/grading/test-detection';

/** The engine's refusal behind a 422, or null for any other error (bad file, rate limit, network). */
export function refusalOf(error: unknown): TTestDetectionRefusal | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  try {
    const parsed = ZTestDetectionRefusal.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Sends one photo to the engine; nothing is stored and no credit is spent. */
export function useTestDetection() {
  return useMutation({
    mutationFn: ({ file, face }: { file: File; face: TTestDetectionFace }) => {
      const form = new FormData();
      form.append('face', face);
      form.append('photo', file);
      return api('POST /api/grading/test-detection', { body: form });
    },
  });
}
