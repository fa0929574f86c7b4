import { z } from 'zod';

/** GET /api/health: 200 when the service can do its work, 503 (same body) when a part it needs is down. */
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  imageStore: z.object({
    kind: z.enum(['files', 's3']),
    status: z.enum(['ok', 'unavailable']),
  }),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
