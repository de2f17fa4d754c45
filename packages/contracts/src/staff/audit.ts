import { type Static, Type } from 'typebox';
import { dateOnlySchema, FileIdSchema, SORT_ORDERS } from '../files.ts';
import { PageLimitSchema, PageOffsetSchema, SiteIdSchema, searchTextSchema } from '../sites.ts';
import { PersonSchema, UserIdSchema } from './common.ts';

/**
 * Audit actions of the staff console (audit_events.action), beside those of files (FILE_AUDIT_ACTIONS) and
 * uploads (UPLOAD_AUDIT_ACTIONS).
 */
export const STAFF_AUDIT_ACTIONS = {
  siteCreate: 'site.create',
  siteRename: 'site.rename',
  siteUpdate: 'site.update',
  siteArchive: 'site.archive',
  siteUnarchive: 'site.unarchive',
  memberAdd: 'member.add',
  memberRemove: 'member.remove',
  staffAdd: 'staff.add',
  invitationSend: 'invitation.send',
  filePublish: 'file.publish',
  fileUnpublish: 'file.unpublish',
  fileStatus: 'file.status',
  brandingUpdate: 'branding.update',
  settingsUpdate: 'settings.update',
  settingsReset: 'settings.reset',
  menuReplace: 'menu.replace',
  signInPolicyUpdate: 'policy.two_step',
  sessionsEnd: 'member.sessions_end',
} as const;

/** What an operator does through the command line (`portico …`), recorded in the firm's audit log too. */
export const OPERATOR_AUDIT_ACTIONS = {
  tenantCreate: 'tenant.create',
  tenantRename: 'tenant.rename',
  tenantDisable: 'tenant.disable',
  staffAdd: 'staff.add',
  staffRemove: 'staff.remove',
  discoveryUpdate: 'discovery.update',
  twoStepReset: 'account.two_step_reset',
} as const;

export const AuditActionSchema = Type.String({
  pattern: '^[a-z]+(\\.[a-z_]+)+$',
  maxLength: 64,
  examples: ['file.publish'],
});

const auditFilters = {
  siteId: Type.Optional(SiteIdSchema),
  userId: Type.Optional(UserIdSchema),
  person: Type.Optional(searchTextSchema("the person's name or e-mail")),
  action: Type.Optional(
    Type.Array(AuditActionSchema, {
      maxItems: 50,
      description:
        'Any of these actions; repeat the parameter for several (`action=file.publish&action=file.unpublish`).',
    }),
  ),
  from: Type.Optional(dateOnlySchema('First day (UTC, inclusive).')),
  to: Type.Optional(dateOnlySchema('Last day (UTC, inclusive).')),
};

export const AuditEventsQuerySchema = Type.Object(
  {
    ...auditFilters,
    limit: Type.Optional(PageLimitSchema),
    offset: Type.Optional(PageOffsetSchema),
    sortOrder: Type.Optional(Type.Enum(SORT_ORDERS, { default: 'desc', description: 'By time.' })),
  },
  { $id: 'AuditEventsQuery', additionalProperties: false },
);
export type AuditEventsQuery = Static<typeof AuditEventsQuerySchema>;

export const AuditEventsCsvQuerySchema = Type.Object(auditFilters, {
  $id: 'AuditEventsCsvQuery',
  additionalProperties: false,
});
export type AuditEventsCsvQuery = Static<typeof AuditEventsCsvQuerySchema>;

export const AuditEventSchema = Type.Object(
  {
    id: Type.String({ description: 'Opaque; increases with time.' }),
    occurredAt: Type.String({ format: 'date-time' }),
    action: Type.String({ examples: ['file.publish'] }),
    actor: Type.Union([PersonSchema, Type.Null()], {
      description: 'Who did it; null for the system (a reaper).',
    }),
    site: Type.Union([Type.Object({ id: SiteIdSchema, name: Type.String() }), Type.Null()]),
    file: Type.Union([
      Type.Object({ id: FileIdSchema, title: Type.String(), fileName: Type.String() }),
      Type.Null(),
    ]),
    detail: Type.Record(Type.String(), Type.Unknown(), { description: 'What changed, by action.' }),
  },
  { $id: 'AuditEvent', description: 'Who did what to which site or file, and when.' },
);
export type AuditEvent = Static<typeof AuditEventSchema>;

export const AuditEventListSchema = Type.Object(
  {
    records: Type.Array(AuditEventSchema),
    totalRecordCount: Type.Integer({ minimum: 0, description: 'Matching events across all pages.' }),
  },
  { $id: 'AuditEventList' },
);
export type AuditEventList = Static<typeof AuditEventListSchema>;

/** The columns of the CSV export, in order. */
export const AUDIT_CSV_COLUMNS = [
  'occurredAt',
  'action',
  'personName',
  'personEmail',
  'siteName',
  'siteId',
  'fileTitle',
  'fileName',
  'fileId',
  'detail',
] as const;
