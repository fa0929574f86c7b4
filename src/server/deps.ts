import type { CatalogueThumbnails } from './catalogue/thumbnails';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { MailPort } from './adapters/mail/port';
import type { ImageStore } from './adapters/storage/port';
import type { PricingPort } from './pricing/port';
import type { ReferenceImagePort } from './adapters/reference-images/port';

import type { Clock } from './clock';

export { systemClock, type Clock } from './clock';

/** Everything a feature needs from the outside world, injected so tests control it. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  mail: MailPort;
  clock: Clock;
  /** Server secret for keyed hashes (reset codes). Shared by all processes through the database. */
  secret: string;
  /** Defaults to the store the configuration names (STORAGE: files under DATA_DIR/images, or S3). */
  images?: ImageStore;
  /** Defaults to the embedded, catalogue-based estimate. */
  pricing?: PricingPort;
  /** Defaults to the adapter REFERENCE_IMAGES names (`none`: grade without the catalogue image). */
  referenceImages?: ReferenceImagePort;
  /** Tests: catalogue pictures fetched from a loopback peer (catalogue/thumbnails.ts). */
  catalogueThumbnails?: CatalogueThumbnails;
}
