// Thread entry when running from source (tsx, Vitest): a worker thread does not inherit the parent's
// TypeScript loader, so register tsx here, then load the real entry. Bundled builds skip this file.
import { register } from 'tsx/esm/api';

register();
await import('./engine-worker.ts');
