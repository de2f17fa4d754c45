// The staff console's API (the control panel), one module per page.
export * from './audit.ts';
export * from './branding.ts';
export * from './common.ts';
export * from './file-area-settings.ts';
export * from './mail.ts';
export * from './menu.ts';
export * from './people.ts';
export * from './publish.ts';
export * from './requests.ts';
export * from './sign-in-policy.ts';
export * from './sites.ts';
export * from './submissions.ts';
