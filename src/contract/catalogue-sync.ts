import { z } from 'zod';

/**
 * The catalogue sync (spec §2.7 Database Sync Monitor, §3 Sync log / Sync event, §4 Sync status,
 * §7.3 /api/admin/sync/*). A run copies sets, cards and their market prices from the catalogue source
 * (the Pokémon TCG API, or the bundled snapshot) into the database.
 */
export const SYNC_TYPES = ['sets', 'cards', 'full'] as const;
export const ZSyncType = z.enum(SYNC_TYPES);
export type TSyncType = z.infer<typeof ZSyncType>;

/** §4: a running sync can be cancelled; a failed or cancelled one can be resumed. */
export const SYNC_STATUSES = ['running', 'completed', 'failed', 'cancelled'] as const;
export const ZSyncStatus = z.enum(SYNC_STATUSES);
export type TSyncStatus = z.infer<typeof ZSyncStatus>;

export const ZSyncEventType = z.enum(['info', 'success', 'warning', 'error']);
export type TSyncEventType = z.infer<typeof ZSyncEventType>;

/**
 * Where a run stands. `currentPage` is the page being fetched (after a failure: the page that failed,
 * where Resume starts); `phase` says which listing it belongs to in a full sync.
 */
export const ZSyncMetadata = z.object({
  currentPage: z.number().int().min(1).optional(),
  phase: z.enum(['sets', 'cards']).optional(),
  source: z.string().optional(),
  /** Catalogue rows (sets, cards, prices) this run inserted or changed; 0 when nothing changed. */
  rowsWritten: z.number().int().min(0).optional(),
  warnings: z.number().int().min(0).optional(),
});
export type TSyncMetadata = z.infer<typeof ZSyncMetadata>;

export const ZSyncLog = z.object({
  id: z.string().uuid(),
  type: ZSyncType,
  status: ZSyncStatus,
  startedAt: z.string(),
  completedAt: z.string().nullable(),
  totalRecords: z.number().int(),
  processedRecords: z.number().int(),
  errorCount: z.number().int(),
  lastError: z.string().nullable(),
  metadata: ZSyncMetadata,
});
export type TSyncLog = z.infer<typeof ZSyncLog>;
/** ZSyncLog as a route's success answer; the entity keeps its own name because other schemas embed it. */
export const ZSyncLogResponse = ZSyncLog;
export type TSyncLogResponse = TSyncLog;
export const ZSyncLogListResponse = z.array(ZSyncLog);

export const ZSyncEvent = z.object({
  id: z.string(),
  eventType: ZSyncEventType,
  message: z.string(),
  timestamp: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TSyncEvent = z.infer<typeof ZSyncEvent>;
export const ZSyncEventListResponse = z.array(ZSyncEvent);

/** Answer of start/cancel/resume: a sentence for the toast, and the run it is about. */
export const ZSyncActionResponse = z.object({ message: z.string(), syncLogId: z.string().uuid().optional() });
export type TSyncActionResponse = z.infer<typeof ZSyncActionResponse>;

export const ZSyncIdParam = z.object({ id: z.string().uuid('Not a valid sync id') });
export const ZSyncStartParam = z.object({ type: ZSyncType });

/** 'sets' → 'Sets', for '{type} Sync' and 'Sync Details - {Type} Population'. */
export const syncTypeLabel = (type: TSyncType) => type.charAt(0).toUpperCase() + type.slice(1);
