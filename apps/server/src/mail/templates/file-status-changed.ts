import { defineMailTemplate } from '../mail-content.ts';

/**
 * A client set the status of a published file (issue 27 item 1, decision 55), to the firm's staff; batched per
 * site like the mail of submitted files: `items` gathers one window's changes.
 */
export interface FileStatusChangedData {
  siteId: string;
  siteName: string;
  items: readonly {
    fileId: string;
    title: string;
    statusName: string;
    note: string | null;
    changedBy: string;
  }[];
}

export const fileStatusChangedMail = defineMailTemplate<FileStatusChangedData>({
  kind: 'file_status_changed',
  activity: true,
  render: (data, { tenant, publicUrl }) => {
    // A file changed twice in one window is listed once, as it is now.
    const items = [...new Map(data.items.map((item) => [item.fileId, item])).values()];
    const n = items.length;
    const people = [...new Set(items.map((item) => item.changedBy))];
    const first = items[0];
    const heading =
      n === 1 && first
        ? `${first.changedBy} set "${first.title}" to ${first.statusName}`
        : `${people.join(', ')} changed the status of ${n} files in ${data.siteName}`;
    return {
      subject:
        n === 1 && first
          ? `${first.title}: ${first.statusName} (${data.siteName})`
          : `${n} status changes in ${data.siteName}`,
      heading,
      blocks:
        n === 1 && first
          ? [
              { type: 'text', text: `In ${data.siteName}, the file's status is now: ${first.statusName}.` },
              ...(first.note
                ? [{ type: 'note' as const, label: `Note from ${first.changedBy}`, text: first.note }]
                : []),
            ]
          : [
              {
                type: 'list',
                items: items.map(
                  (item) =>
                    `${item.title}: ${item.statusName} (${item.changedBy})${item.note ? `: “${item.note}”` : ''}`,
                ),
              },
            ],
      action: {
        label: 'Open the published files',
        url: `${publicUrl}/control-panel/publish?tenant=${encodeURIComponent(tenant.code)}`,
      },
    };
  },
});
