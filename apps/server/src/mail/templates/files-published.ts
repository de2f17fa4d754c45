import { defineMailTemplate } from '../mail-content.ts';

/** Files published to a client's site; batched: `items` gathers the files of one window. */
export interface FilesPublishedData {
  siteId: string;
  siteName: string;
  items: readonly { fileId: string; title: string }[];
}

export const filesPublishedMail = defineMailTemplate<FilesPublishedData>({
  kind: 'files_published',
  activity: true,
  render: (data, { tenant, publicUrl }) => {
    const n = data.items.length;
    const what = n === 1 ? 'a new file' : `${n} new files`;
    return {
      subject: `${tenant.displayName} published ${what} for ${data.siteName}`,
      heading: `${tenant.displayName} published ${what} for you`,
      blocks: [
        { type: 'text', text: `In ${data.siteName}:` },
        { type: 'list', items: data.items.map((item) => item.title) },
      ],
      action: {
        label: 'Open Published Files',
        url: `${publicUrl}/publishedFiles?site=${encodeURIComponent(data.siteId)}&tenant=${encodeURIComponent(tenant.code)}`,
      },
    };
  },
});
