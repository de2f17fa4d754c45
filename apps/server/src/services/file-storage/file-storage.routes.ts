import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config.ts';
import { UploadSlots } from '../../uploads/upload-slots.ts';
import type { FileStorageDeps } from '../../uploads/uploads.usecases.ts';
import { newVersionHook } from '../../versions/versions.usecases.ts';
import { tusUploadRoutes } from './tus-uploads.routes.ts';
import { uploadRoutes } from './uploads.routes.ts';
import { urlUploadRoutes } from './url-uploads.routes.ts';

export type FileStorageOptions = Omit<FileStorageDeps, 'config' | 'slots' | 'versions'> & {
  config: FileStorageDeps['config'] &
    Pick<
      Config,
      | 'uploadMaxConcurrentPerUser'
      | 'uploadMaxConcurrentPerAddress'
      | 'urlUploadAllowHttp'
      | 'urlUploadAllowedHosts'
      | 'urlUploadTimeoutSeconds'
      | 'notifyBatchSeconds'
    >;
};

/** The file-storage service: uploads land here, pending until the portal saves them as Submitted Files. */
export const fileStorageRoutes: FastifyPluginAsyncTypebox<FileStorageOptions> = async (app, options) => {
  const deps: FileStorageDeps = {
    ...options,
    slots: new UploadSlots({
      perUser: options.config.uploadMaxConcurrentPerUser,
      perAddress: options.config.uploadMaxConcurrentPerAddress,
    }),
    // An upload that names a file (`fileId`) becomes its next version (decision 49).
    versions: newVersionHook({ batchSeconds: options.config.notifyBatchSeconds }),
  };
  await app.register(urlUploadRoutes, {
    db: deps.db,
    blobs: deps.blobs,
    scanning: deps.scanning,
    versions: deps.versions,
    config: options.config,
  });
  await app.register(uploadRoutes, { deps });
  await app.register(tusUploadRoutes, { deps });
};
