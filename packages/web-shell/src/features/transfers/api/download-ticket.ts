import type { DownloadTicket, DownloadTicketBody, ServiceType } from '@portico/contracts';
import { shellApi } from '../../../api/shell-api.ts';

export interface DownloadTicketRequest {
  service: ServiceType;
  /** The list's ticket route, e.g. `api/files/published-files/download-tickets`. */
  url: string;
  body: DownloadTicketBody;
}

export const downloadTicketApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `POST …/download-tickets` with the bearer token: a short-lived ticket whose URL the browser's own download
     * manager then fetches with a plain GET (docs/decisions.md #31).
     */
    createDownloadTicket: build.mutation<DownloadTicket, DownloadTicketRequest>({
      query: ({ service, url, body }) => ({ service, url, method: 'POST', body }),
    }),
  }),
});

export const { useCreateDownloadTicketMutation } = downloadTicketApi;
