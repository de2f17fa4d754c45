import { defineMailTemplate } from '../mail-content.ts';

/**
 * The mails of document requests (requests module): a new request (or new items of an open one), a reminder, a
 * rejected item, a completed request.
 */

const checklistUrl = (publicUrl: string, siteId: string, tenantCode: string) =>
  `${publicUrl}/requestedDocuments?site=${encodeURIComponent(siteId)}&tenant=${encodeURIComponent(tenantCode)}`;

export interface RequestItemsAskedData {
  siteId: string;
  siteName: string;
  requestId: string;
  title: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  note: string | null;
  /** Batched per request: the items asked within one window. */
  items: readonly { itemId: string; name: string; required: boolean }[];
}

export const requestItemsAskedMail = defineMailTemplate<RequestItemsAskedData>({
  kind: 'request_updates',
  activity: true,
  render: (data, { tenant, publicUrl }) => ({
    subject: `${tenant.displayName} asks for documents: ${data.title} (due ${data.dueDate})`,
    heading: `${tenant.displayName} asked you for documents by ${data.dueDate}`,
    blocks: [
      { type: 'text', text: `For ${data.siteName}, "${data.title}" asks for:` },
      {
        type: 'list',
        items: data.items.map((item) => (item.required ? item.name : `${item.name} (optional)`)),
      },
      { type: 'text', text: `Due date: ${data.dueDate}` },
      ...(data.note
        ? [{ type: 'note' as const, label: `Note from ${tenant.displayName}`, text: data.note }]
        : []),
    ],
    action: { label: 'Open Requested Documents', url: checklistUrl(publicUrl, data.siteId, tenant.code) },
  }),
});

export interface RequestReminderData {
  siteId: string;
  siteName: string;
  requestId: string;
  title: string;
  /** `YYYY-MM-DD`. */
  dueDate: string;
  overdue: boolean;
  /** Items still waiting for the client. */
  openItems: string[];
}

export const requestReminderMail = defineMailTemplate<RequestReminderData>({
  kind: 'request_reminders',
  activity: true,
  render: (data, { tenant, publicUrl }) => ({
    subject: data.overdue
      ? `Overdue: ${data.title} (due ${data.dueDate})`
      : `Reminder: ${data.title} is due on ${data.dueDate}`,
    heading: data.overdue
      ? `${tenant.displayName} is still waiting for documents that were due on ${data.dueDate}`
      : `${tenant.displayName} asked you for documents by ${data.dueDate}`,
    blocks: [
      { type: 'text', text: `For ${data.siteName}, these are still to send:` },
      { type: 'list', items: data.openItems.length ? data.openItems : ['(items waiting for review)'] },
    ],
    action: { label: 'Open Requested Documents', url: checklistUrl(publicUrl, data.siteId, tenant.code) },
  }),
});

export interface RequestItemRejectedData {
  siteId: string;
  siteName: string;
  title: string;
  item: string;
  note: string;
}

export const requestItemRejectedMail = defineMailTemplate<RequestItemRejectedData>({
  kind: 'request_updates',
  activity: true,
  render: (data, { tenant, publicUrl }) => ({
    subject: `${data.item}: please send it again (${data.title})`,
    heading: `${tenant.displayName} could not accept "${data.item}"`,
    blocks: [
      { type: 'text', text: `In ${data.siteName}, for "${data.title}", please send "${data.item}" again.` },
      { type: 'note', label: `Note from ${tenant.displayName}`, text: data.note },
    ],
    action: { label: 'Open Requested Documents', url: checklistUrl(publicUrl, data.siteId, tenant.code) },
  }),
});

export interface RequestCompletedData {
  siteId: string;
  siteName: string;
  title: string;
}

export const requestCompletedMail = defineMailTemplate<RequestCompletedData>({
  kind: 'request_updates',
  activity: true,
  render: (data, { tenant }) => ({
    subject: `${data.title}: all documents received`,
    heading: `${tenant.displayName} has everything it asked for`,
    blocks: [{ type: 'text', text: `In ${data.siteName}, "${data.title}" is complete. Thank you.` }],
  }),
});
