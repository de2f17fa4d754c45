import type {
  ApplyRequestTemplateBody,
  CreatedRequests,
  CreateRequestBody,
  DocumentRequest,
  ReminderSettings,
  RequestTemplate,
  RequestTemplateList,
  ReviewItemBody,
  SaveRequestTemplateBody,
  SentReminder,
  StaffRequestList,
  StaffRequestsQuery,
} from '@portico/contracts';
import { idempotencyHeaders } from '@portico/web-shell';
import { controlPanelApi, staffListQuery, watchStaffRefusal } from '../../../api/control-panel-api.ts';

const api = controlPanelApi.enhanceEndpoints({
  addTagTypes: ['StaffRequests', 'RequestTemplates', 'ReminderSettings'],
});
const requestUrl = (id: string) => `api/staff/requests/${encodeURIComponent(id)}`;

export const requestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Requests across the firm (`GET portal api/staff/requests`), earliest due first. */
    getRequests: build.query<StaffRequestList, StaffRequestsQuery & { tenant: string }>({
      ...staffListQuery('portal', 'api/staff/requests'),
      providesTags: ['StaffRequests'],
    }),
    getRequest: build.query<DocumentRequest, { tenant: string; id: string }>({
      query: ({ id }) => ({ service: 'portal', url: requestUrl(id) }),
      onQueryStarted: watchStaffRefusal,
      providesTags: ['StaffRequests'],
    }),
    createRequests: build.mutation<CreatedRequests, { body: CreateRequestBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        service: 'portal',
        url: 'api/staff/requests',
        method: 'POST',
        headers: idempotencyHeaders(idempotencyKey),
        body,
      }),
      invalidatesTags: ['StaffRequests'],
    }),
    applyTemplate: build.mutation<
      CreatedRequests,
      { templateId: string; body: ApplyRequestTemplateBody; idempotencyKey: string }
    >({
      query: ({ templateId, body, idempotencyKey }) => ({
        service: 'portal',
        url: `api/staff/request-templates/${encodeURIComponent(templateId)}/apply`,
        method: 'POST',
        headers: idempotencyHeaders(idempotencyKey),
        body,
      }),
      invalidatesTags: ['StaffRequests'],
    }),
    reviewItem: build.mutation<DocumentRequest, { requestId: string; itemId: string; body: ReviewItemBody }>({
      query: ({ requestId, itemId, body }) => ({
        service: 'portal',
        url: `${requestUrl(requestId)}/items/${encodeURIComponent(itemId)}/review`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['StaffRequests', 'Submissions'],
    }),
    cancelRequest: build.mutation<DocumentRequest, { id: string }>({
      query: ({ id }) => ({ service: 'portal', url: `${requestUrl(id)}/cancel`, method: 'POST' }),
      invalidatesTags: ['StaffRequests'],
    }),
    sendReminder: build.mutation<SentReminder, { id: string }>({
      query: ({ id }) => ({ service: 'portal', url: `${requestUrl(id)}/reminders`, method: 'POST' }),
    }),
    getTemplates: build.query<RequestTemplateList, { tenant: string }>({
      query: () => ({ service: 'portal', url: 'api/staff/request-templates' }),
      onQueryStarted: watchStaffRefusal,
      providesTags: ['RequestTemplates'],
    }),
    saveTemplate: build.mutation<RequestTemplate, SaveRequestTemplateBody>({
      query: (body) => ({ service: 'portal', url: 'api/staff/request-templates', method: 'POST', body }),
      invalidatesTags: ['RequestTemplates'],
    }),
    deleteTemplate: build.mutation<null, { id: string }>({
      query: ({ id }) => ({
        service: 'portal',
        url: `api/staff/request-templates/${encodeURIComponent(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['RequestTemplates'],
    }),
    getReminderSettings: build.query<ReminderSettings, { tenant: string }>({
      query: () => ({ service: 'portal', url: 'api/staff/request-reminder-settings' }),
      onQueryStarted: watchStaffRefusal,
      providesTags: ['ReminderSettings'],
    }),
    saveReminderSettings: build.mutation<ReminderSettings, ReminderSettings>({
      query: (body) => ({
        service: 'portal',
        url: 'api/staff/request-reminder-settings',
        method: 'PUT',
        body,
      }),
      invalidatesTags: ['ReminderSettings'],
    }),
  }),
});

export const {
  useGetRequestsQuery,
  useGetRequestQuery,
  useCreateRequestsMutation,
  useApplyTemplateMutation,
  useReviewItemMutation,
  useCancelRequestMutation,
  useSendReminderMutation,
  useGetTemplatesQuery,
  useSaveTemplateMutation,
  useDeleteTemplateMutation,
  useGetReminderSettingsQuery,
  useSaveReminderSettingsMutation,
} = requestsApi;
