import { defineMailTemplate } from '../mail-content.ts';

/** Files a client saved to a site, to the firm's staff; batched per site: `items` gathers one window's files. */
export interface FilesSubmittedData {
  siteId: string;
  siteName: string;
  items: readonly { fileId: string; title: string; submittedBy: string }[];
}

export const filesSubmittedMail = defineMailTemplate<FilesSubmittedData>({
  kind: 'files_submitted',
  activity: true,
  render: (data, { tenant, publicUrl }) => {
    const n = data.items.length;
    const people = [...new Set(data.items.map((item) => item.submittedBy))];
    return {
      subject: `${n === 1 ? 'A new file' : `${n} new files`} from ${data.siteName}`,
      heading: `${people.join(', ')} submitted ${n === 1 ? 'a file' : `${n} files`} to ${data.siteName}`,
      blocks: [{ type: 'list', items: data.items.map((item) => item.title) }],
      action: {
        label: 'Review submissions',
        url: `${publicUrl}/control-panel/submissions?siteId=${encodeURIComponent(data.siteId)}&tenant=${encodeURIComponent(tenant.code)}`,
      },
    };
  },
});
