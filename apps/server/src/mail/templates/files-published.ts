import { defineMailTemplate } from '../mail-content.ts';

/**
 * Files published to a client's site, and published files that have a new version (`updated`, decision 49);
 * batched: `items` gathers the files of one window.
 */
export interface FilesPublishedData {
  siteId: string;
  siteName: string;
  items: readonly { fileId: string; title: string; updated?: boolean }[];
}

const count = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** "published a new file", "updated a file", "published 2 new files and updated a file". */
function whatHappened(items: FilesPublishedData['items']) {
  const updated = new Set(items.filter((i) => i.updated).map((i) => i.fileId)).size;
  const added = items.filter((i) => !i.updated).length;
  const published = added ? `published ${count(added, 'a new file', 'new files')}` : '';
  const changed = updated ? `updated ${count(updated, 'a file', 'files')}` : '';
  return [published, changed].filter(Boolean).join(' and ');
}

/** One line per file: a file updated twice in one window is listed once. */
function lines(items: FilesPublishedData['items']) {
  const seen = new Set<string>();
  return items.flatMap((item) => {
    if (item.updated && seen.has(item.fileId)) return [];
    seen.add(item.fileId);
    return [item.updated ? `${item.title} (updated)` : item.title];
  });
}

export const filesPublishedMail = defineMailTemplate<FilesPublishedData>({
  kind: 'files_published',
  activity: true,
  render: (data, { tenant, publicUrl }) => {
    const what = whatHappened(data.items);
    return {
      subject: `${tenant.displayName} ${what} for ${data.siteName}`,
      heading: `${tenant.displayName} ${what} for you`,
      blocks: [
        { type: 'text', text: `In ${data.siteName}:` },
        { type: 'list', items: lines(data.items) },
      ],
      action: {
        label: 'Open Published Files',
        url: `${publicUrl}/publishedFiles?site=${encodeURIComponent(data.siteId)}&tenant=${encodeURIComponent(tenant.code)}`,
      },
    };
  },
});
