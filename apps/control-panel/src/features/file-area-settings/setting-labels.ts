import type { FileAreaSettingKey } from '@portico/contracts';

/** The settings page's groups of switches, in the order it shows them. */
export const SETTING_GROUP_TEXTS = {
  files: {
    title: 'Seeing and sending files',
    description: 'What clients see of the site, and how files reach it and leave it.',
  },
  organise: {
    title: 'Organising files',
    description:
      'Folders, names and places, new versions and locks. What a client deletes goes to the site’s trash.',
  },
  work: {
    title: 'Working on files',
    description: 'Statuses, who is responsible, tags, categories and projects.',
  },
  share: {
    title: 'Sharing and mail',
    description: 'Files sent on as links, folders followed by mail, and files published to the site.',
  },
  history: {
    title: 'History and details',
    description: 'What clients may read about a file: its timeline, its properties and its earlier versions.',
  },
} as const;
export type SettingGroupId = keyof typeof SETTING_GROUP_TEXTS;

export interface SettingLabel {
  label: string;
  description: string;
  /** Where the settings page shows it (SETTING_GROUP_TEXTS); within a group, in this record's order. */
  group: SettingGroupId;
  /** The server enforces it on an action the portal has today (ARCHITECTURE: authorization). */
  enforced?: boolean;
}

/** A human label for every fileAreaSettings flag of SPEC §3; the Record type makes a missing one a type error. */
export const FILE_AREA_SETTING_LABELS: Record<FileAreaSettingKey, SettingLabel> = {
  portalFilesView: {
    label: 'See files in the portal',
    description:
      'Clients see the site’s files in the portal: those published to them and those they submitted (Published and Submitted Files).',
    enforced: true,
    group: 'files',
  },
  internalFilesView: {
    label: 'View files',
    description:
      'Clients can preview files in the browser (Preview); without it they can only download them.',
    enforced: true,
    group: 'files',
  },
  internalFilesDownload: {
    label: 'Download files',
    description: 'Clients can download the files and zip several of them.',
    enforced: true,
    group: 'files',
  },
  internalFilesUpload: {
    label: 'Upload files',
    description: 'Clients can upload files to the site.',
    enforced: true,
    group: 'files',
  },
  urlFileUpload: {
    label: 'Upload from a link',
    description: 'Add a file by its web address: the server fetches it (with Upload files on).',
    enforced: true,
    group: 'files',
  },
  fileAreaFolderStructure: {
    label: 'Folders',
    description: 'Clients see the site’s folders, open them, create folders and upload into them.',
    enforced: true,
    group: 'organise',
  },
  internalFilesRename: {
    label: 'Rename files',
    description: 'Clients can change a file’s name.',
    enforced: true,
    group: 'organise',
  },
  internalFilesMove: {
    label: 'Move files',
    description: 'Clients can move a file to another folder of the site.',
    enforced: true,
    group: 'organise',
  },
  internalFilesCopy: {
    label: 'Copy files',
    description: 'Clients can copy a file into a folder of the site (the copy shares the stored bytes).',
    enforced: true,
    group: 'organise',
  },
  internalFilesDelete: {
    label: 'Delete files',
    description:
      'Clients can delete files (they go to the site’s trash, where the firm can restore them) and throw away uploads they have not submitted.',
    enforced: true,
    group: 'organise',
  },
  internalFilesUpdate: {
    label: 'Update files',
    description: 'Clients can upload a new version of a file ("Upload a new version").',
    enforced: true,
    group: 'organise',
  },
  internalFilesCheckinCheckout: {
    label: 'Check files in and out',
    description:
      'Clients can check a file out, which locks it for everyone else until they check it in (or CHECKOUT_HOURS pass).',
    enforced: true,
    group: 'organise',
  },
  internalFileStatusUpdate: {
    label: 'Change file status',
    description: "Set a published file's status (For review, Approved…) with a note; the firm is mailed.",
    enforced: true,
    group: 'work',
  },
  internalFileSetAssignee: {
    label: 'Set the assignee',
    description:
      'Clients can choose who is responsible for a file: the firm’s staff or a client of the site.',
    enforced: true,
    group: 'work',
  },
  internalFilesAssign: {
    label: 'Assign files',
    description:
      'Clients can hand several files to one person with a note and a due date; that person is mailed.',
    enforced: true,
    group: 'work',
  },
  fileAreaManageTags: {
    label: 'Manage tags',
    description:
      'Clients can create the firm’s tags and tag or untag the files of the site (staff rename and delete tags).',
    enforced: true,
    group: 'work',
  },
  internalFilesRecategorize: {
    label: 'Recategorise files',
    description:
      'Clients change a file’s category, categorise several files at once, and choose one when they save uploads.',
    enforced: true,
    group: 'work',
  },
  internalFileSetProject: {
    label: 'Set the project',
    description: 'Clients put a file in one of the site’s open projects, or take it out of one.',
    enforced: true,
    group: 'work',
  },
  internalFilesEmail: {
    label: 'E-mail files',
    description: 'Send files by e-mail as an expiring link (with Download files on).',
    enforced: true,
    group: 'share',
  },
  fileAreaManageEmailSubscription: {
    label: 'E-mail subscriptions',
    description:
      'Clients follow a folder or the whole site for e-mails about new and updated files there, and unfollow from the page or the mail’s link.',
    enforced: true,
    group: 'share',
  },
  internalFilesPublishUnPublish: {
    label: 'Publish and unpublish',
    description:
      'Clients can publish a file they submitted to the site (every member sees it, marked with who published it) and take it back.',
    enforced: true,
    group: 'share',
  },
  internalFilesHistory: {
    label: 'File history',
    description:
      'Clients can see what happened to a file: who uploaded, opened, changed or checked it out, and when.',
    enforced: true,
    group: 'history',
  },
  internalFilesViewProperties: {
    label: 'File properties',
    description:
      "Clients can see a file's details: folder, size, type, SHA-256, version, who and when, lock.",
    enforced: true,
    group: 'history',
  },
  internalFilesViewVersionHistory: {
    label: 'Version history',
    description: "Clients can see a file's versions and download or preview any of them.",
    enforced: true,
    group: 'history',
  },
  internalFilesViewCheckoutHistory: {
    label: 'Check-out history',
    description: 'Clients can see who checked a file out and in, and when.',
    enforced: true,
    group: 'history',
  },
  internalFilesViewAssignmentHistory: {
    label: 'Assignment history',
    description: 'Clients can see who a file was assigned to, by whom, when, with the note and due date.',
    enforced: true,
    group: 'history',
  },
};
