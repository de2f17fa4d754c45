import { defineMailTemplate } from '../mail-content.ts';

/**
 * Files e-mailed to an address (issue 27 item 6): the mail carries a share link, never the files. The sender's
 * name and message are data the layout escapes; the sender's name reaches the subject with every control
 * character replaced, so nothing typed can start a header of its own.
 */
export interface FilesSharedData {
  /** As the firm knows the sender. */
  senderName: string;
  /** The files' titles, in the order sent. */
  titles: string[];
  message: string | null;
  /** `{PUBLIC_URL}/s/{token}`. */
  link: string;
  /** `YYYY-MM-DD`, the last day the link works. */
  expiresOn: string;
  maxDownloads: number | null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

export const filesSharedMail = defineMailTemplate<FilesSharedData>({
  kind: 'account',
  render: (data, { tenant }) => {
    const count = data.titles.length;
    const what = count === 1 ? 'a file' : `${count} files`;
    const sender = oneLine(data.senderName) || tenant.displayName;
    const limit =
      data.maxDownloads === null
        ? ''
        : ` It allows ${data.maxDownloads} download${data.maxDownloads === 1 ? '' : 's'} in all.`;
    return {
      subject: `${sender} of ${tenant.displayName} sent you ${what}`,
      heading: `${sender} of ${tenant.displayName} sent you ${what}`,
      blocks: [
        { type: 'list', items: data.titles.map(oneLine) },
        ...(data.message ? [{ type: 'note' as const, label: `${sender} wrote`, text: data.message }] : []),
        {
          type: 'text',
          text: `Open the link to download ${count === 1 ? 'it' : 'them'}; no account is needed. The link works until ${data.expiresOn}.${limit} Do not forward this mail: anyone with the link can download the files.`,
        },
      ],
      action: { label: count === 1 ? 'Download the file' : 'Download the files', url: data.link },
    };
  },
});
