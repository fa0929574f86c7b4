import type { StorageConfig } from '../../config';
import { createFileImageStore } from './files';
import type { ImageStore } from './port';
import { createS3ImageStore } from './s3';

/** The image store the configuration names, checked before the process takes any work. */
export async function openImageStore(storage: StorageConfig): Promise<ImageStore & { close(): void }> {
  if (storage.kind === 'files') return { ...createFileImageStore(storage.dir), close() {} };
  const { kind: _kind, ...options } = storage;
  const store = createS3ImageStore(options);
  await store.verify();
  return store;
}
