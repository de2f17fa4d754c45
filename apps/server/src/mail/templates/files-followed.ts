import { defineMailTemplate } from '../mail-content.ts';

/** What brought a file into a followed folder or site. */
export type FollowedFileEvent = 'published' | 'updated' | 'submitted' | 'copied' | 'moved';

/**
 * New and updated files in a folder (or a whole site) a person follows (decision 59); batched per subscription:
 * `items` gathers the files of one window. Sent only while the subscription exists; its unsubscribe link ends
 * that subscription.
 */
export interface FilesFollowedData {
  subscriptionId: string;
  siteId: string;
  siteName: string;
  /** The followed folder; null when the person follows the whole site. */
  folderId: string | null;
  folderName: string | null;
  items: readonly {
    fileId: string;
    title: string;
    event: FollowedFileEvent;
    /** Whether the file is one of the site's Submitted Files (else Published Files). */
    submitted?: boolean;
  }[];
}

const EVENT_WORDS: Record<FollowedFileEvent, string> = {
  published: 'new',
  updated: 'updated',
  submitted: 'submitted',
  copied: 'copied here',
  moved: 'moved here',
};

/** One line per file and event: a file updated twice in one window is listed once. */
function lines(items: FilesFollowedData['items']) {
  const seen = new Set<string>();
  return items.flatMap((item) => {
    const key = `${item.fileId}|${item.event}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [`${item.title} (${EVENT_WORDS[item.event] ?? 'new'})`];
  });
}

export const filesFollowedMail = defineMailTemplate<FilesFollowedData>({
  // Not a kind of NOTIFICATION_KINDS: it is stopped by ending the subscription, on the page or with its link.
  kind: 'file_subscription',
  subscriptionOf: (data) => data.subscriptionId,
  render: (data, { tenant, publicUrl }) => {
    const place = data.folderName ? `the folder ${data.folderName}` : `the site ${data.siteName}`;
    const count = new Set(data.items.map((i) => i.fileId)).size;
    const files = count === 1 ? 'A file' : `${count} files`;
    const page = data.items.every((i) => i.submitted) ? 'submittedFiles' : 'publishedFiles';
    const query = new URLSearchParams({ site: data.siteId, tenant: tenant.code });
    if (data.folderId) query.set('folderId', data.folderId);
    return {
      subject: `${files} new or updated in ${data.folderName ?? data.siteName} (${data.siteName})`,
      heading: `${files} new or updated in ${place}`,
      blocks: [
        { type: 'text', text: `You follow ${place} of ${data.siteName} at ${tenant.displayName}:` },
        { type: 'list', items: lines(data.items) },
      ],
      action: {
        label: page === 'submittedFiles' ? 'Open Submitted Files' : 'Open Published Files',
        url: `${publicUrl}/${page}?${query}`,
      },
    };
  },
});
