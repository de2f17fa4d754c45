/**
 * The rows a firm starts with, whoever creates it (the demo seed, an operator's `portico tenant create`): the
 * tenant, its discovery addresses (one per service type and client type, relative, so they follow PUBLIC_URL),
 * the menus both front ends show, the statuses and categories its files start with (decision 54) and the file-area settings (`insertTenantRows` in tenants.repository.ts writes them).
 */
/** The side-menu entries each audience gets by default; the server menu decides what a front end shows. */
export const NEW_TENANT_MENU = {
  client: [
    { key: 'submittedFiles', name: 'Submitted Files', order: 1 },
    { key: 'publishedFiles', name: 'Published Files', order: 2 },
    { key: 'requestedDocuments', name: 'Requested Documents', order: 3 },
    { key: 'notifications', name: 'Notifications', order: 4 },
    { key: 'assignedToMe', name: 'Assigned to me', order: 5 },
  ],
  staff: [
    { key: 'sites', name: 'Sites', order: 1 },
    { key: 'publish', name: 'Publish', order: 2 },
    { key: 'submissions', name: 'Submissions', order: 3 },
    { key: 'branding', name: 'Branding', order: 4 },
    { key: 'fileAreaSettings', name: 'File-area settings', order: 5 },
    { key: 'navigationMenu', name: 'Navigation menu', order: 6 },
    { key: 'auditLog', name: 'Audit log', order: 7 },
    { key: 'requests', name: 'Requests', order: 8 },
    { key: 'mail', name: 'Mail', order: 9 },
    { key: 'notifications', name: 'Notifications', order: 10 },
    { key: 'quarantine', name: 'Quarantine', order: 11 },
    { key: 'shareLinks', name: 'Share links', order: 12 },
    { key: 'assignedToMe', name: 'Assigned to me', order: 13 },
  ],
};

export const NEW_TENANT_FILE_AREA_SETTINGS = {
  portalFilesView: true,
  internalFilesView: true,
  internalFilesDownload: true,
  internalFilesUpload: true,
  internalFilesDelete: true,
};

/** The default address of a tenant's service: relative, so it follows the server's PUBLIC_URL. */
export const defaultServiceAddress = (code: string, serviceType: string) => `/t/${code}/${serviceType}/`;
