import type { DiscardUploadsBody } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

export const discardUploadsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** `DELETE file-storage api/files`: throws away uploads that will not be saved (or published). */
    discardUploads: build.mutation<void, DiscardUploadsBody>({
      query: (body) => ({ service: 'file-storage', url: 'api/files', method: 'DELETE', body }),
    }),
  }),
});

export const { useDiscardUploadsMutation } = discardUploadsApi;
