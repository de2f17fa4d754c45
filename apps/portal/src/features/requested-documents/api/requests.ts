import type {
  DocumentRequest,
  NotApplicableBody,
  SiteRequestList,
  SiteRequestView,
} from '@portico/contracts';
import { idempotencyHeaders, shellApi } from '@portico/web-shell';

interface ItemTarget {
  tenant: string;
  requestId: string;
  itemId: string;
}

const itemUrl = ({ requestId, itemId }: ItemTarget, action: string) =>
  `api/requests/${encodeURIComponent(requestId)}/items/${encodeURIComponent(itemId)}/${action}`;

/** A change to an item: the checklist, the badge and Submitted Files are read again. */
const CHANGED = ['Requests', 'RequestCount', 'SubmittedFiles', 'RecordCount'] as const;

export const requestedDocumentsApi = shellApi.injectEndpoints({
  endpoints: (build) => ({
    /** `GET api/requests?siteId=&view=` (portal): the site's open (or closed) requests with their items. */
    getSiteRequests: build.query<SiteRequestList, { tenant: string; siteId: string; view: SiteRequestView }>({
      query: ({ siteId, view }) => ({ service: 'portal', url: 'api/requests', params: { siteId, view } }),
      providesTags: ['Requests'],
    }),
    /** Uploaded references become Submitted Files of the item; the item is received. */
    sendItemFiles: build.mutation<
      DocumentRequest,
      ItemTarget & { referenceNumbers: string[]; idempotencyKey: string }
    >({
      query: ({ referenceNumbers, idempotencyKey, ...target }) => ({
        service: 'portal',
        url: itemUrl(target, 'files'),
        method: 'POST',
        headers: idempotencyHeaders(idempotencyKey),
        body: { referenceNumbers },
      }),
      invalidatesTags: [...CHANGED],
    }),
    markNotApplicable: build.mutation<DocumentRequest, ItemTarget & NotApplicableBody>({
      query: ({ comment, ...target }) => ({
        service: 'portal',
        url: itemUrl(target, 'not-applicable'),
        method: 'POST',
        body: { comment },
      }),
      invalidatesTags: [...CHANGED],
    }),
    reopenItem: build.mutation<DocumentRequest, ItemTarget>({
      query: (target) => ({ service: 'portal', url: itemUrl(target, 'reopen'), method: 'POST' }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const {
  useGetSiteRequestsQuery,
  useSendItemFilesMutation,
  useMarkNotApplicableMutation,
  useReopenItemMutation,
} = requestedDocumentsApi;
