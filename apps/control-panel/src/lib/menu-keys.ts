/** Keys of the staff menu (`GET user api/users/menu?audience=staff`) that the control panel has pages for. */
export const STAFF_MENU_KEYS = {
  sites: 'sites',
  publish: 'publish',
  submissions: 'submissions',
  branding: 'branding',
  fileAreaSettings: 'fileAreaSettings',
  navigationMenu: 'navigationMenu',
  auditLog: 'auditLog',
  mail: 'mail',
  notifications: 'notifications',
  requests: 'requests',
  quarantine: 'quarantine',
  shareLinks: 'shareLinks',
  assignedToMe: 'assignedToMe',
} as const;

/** What people call each page a menu entry can open, by key; a key not here is shown as itself. */
export const MENU_PAGE_NAMES: Readonly<Record<string, string>> = {
  sites: 'Sites',
  publish: 'Publish',
  submissions: 'Submissions',
  branding: 'Branding',
  fileAreaSettings: 'File-area settings',
  navigationMenu: 'Navigation menu',
  auditLog: 'Audit log',
  submittedFiles: 'Submitted Files',
  publishedFiles: 'Published Files',
  notifications: 'Notifications',
  mail: 'Mail',
  requests: 'Requests',
  requestedDocuments: 'Requested Documents',
  shareLinks: 'Share links',
  quarantine: 'Quarantine',
  assignedToMe: 'Assigned to me',
};
