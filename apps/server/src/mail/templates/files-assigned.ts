import { defineMailTemplate } from '../mail-content.ts';

/**
 * Files handed to a person (issue 27 item 2): one mail per assign call, listing the files with their sites, the
 * note and the due day, and a button to their "Assigned to me" page (the portal's for a client, the control
 * panel's for staff). Also an item of the person's activity feed.
 */
export interface FilesAssignedData {
  /** As the firm knows the person who assigned them. */
  byName: string;
  items: readonly { fileId: string; title: string; siteName: string }[];
  note: string | null;
  /** `YYYY-MM-DD`, or null. */
  dueDate: string | null;
  /** Where the button leads: the portal's page for a client, the control panel's for staff. */
  audience: 'client' | 'staff';
}

export const filesAssignedMail = defineMailTemplate<FilesAssignedData>({
  // Not a kind a person turns off (NOTIFICATION_KINDS): a file handed to someone is work they must know of.
  kind: 'files_assigned',
  activity: true,
  render: (data, { tenant, publicUrl }) => {
    const n = data.items.length;
    const what = n === 1 ? `"${data.items[0]?.title ?? 'a file'}"` : `${n} files`;
    const path = data.audience === 'staff' ? '/control-panel/assigned-to-me' : '/assignedToMe';
    return {
      subject: `${data.byName} assigned you ${what}${data.dueDate ? `, due ${data.dueDate}` : ''}`,
      heading: `${data.byName} of ${tenant.displayName} assigned you ${what}`,
      blocks: [
        { type: 'list', items: data.items.map((item) => `${item.title} (${item.siteName})`) },
        ...(data.dueDate ? [{ type: 'text' as const, text: `Due: ${data.dueDate}` }] : []),
        ...(data.note ? [{ type: 'note' as const, label: `${data.byName} wrote`, text: data.note }] : []),
      ],
      action: {
        label: 'Open Assigned to me',
        url: `${publicUrl}${path}?tenant=${encodeURIComponent(tenant.code)}`,
      },
    };
  },
});
