/** Keys of the staff menu (`GET user api/users/menu?audience=staff`) that the control panel has pages for. */
export const STAFF_MENU_KEYS = {
  sites: 'sites',
  publish: 'publish',
  submissions: 'submissions',
  branding: 'branding',
  fileAreaSettings: 'fileAreaSettings',
  navigationMenu: 'navigationMenu',
  auditLog: 'auditLog',
} as const;
