import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from '../discovery.ts';
import { SORT_ORDERS } from '../files.ts';
import { PageLimitSchema, PageOffsetSchema, SiteIdSchema, searchTextSchema } from '../sites.ts';
import {
  EmailSchema,
  exactBooleanSchema,
  nonBlankTextSchema,
  nullableDateTime,
  UserIdSchema,
} from './common.ts';

/** Columns the staff site list may be sorted by. */
export const STAFF_SITE_SORT_FIELDS = ['name', 'reference', 'createdAt'] as const;
export type StaffSiteSortField = (typeof STAFF_SITE_SORT_FIELDS)[number];

export const SiteNameSchema = nonBlankTextSchema(200, 'The site name clients see; trimmed.');
export const SiteReferenceSchema = Type.Union(
  [nonBlankTextSchema(100, "The firm's own reference."), Type.Null()],
  {
    description: "The firm's reference (matter or engagement number); null for none.",
  },
);

export const StaffSiteListQuerySchema = Type.Object(
  {
    limit: Type.Optional(PageLimitSchema),
    offset: Type.Optional(PageOffsetSchema),
    search: Type.Optional(searchTextSchema('the site name or reference')),
    includeArchived: Type.Optional(
      Type.Boolean({ default: false, description: 'true lists archived sites too.' }),
    ),
    sortBy: Type.Optional(Type.Enum(STAFF_SITE_SORT_FIELDS, { default: 'name' })),
    sortOrder: Type.Optional(Type.Enum(SORT_ORDERS, { default: 'asc' })),
  },
  { $id: 'StaffSiteListQuery', additionalProperties: false },
);
export type StaffSiteListQuery = Static<typeof StaffSiteListQuerySchema>;

export const StaffSiteSchema = Type.Object(
  {
    id: SiteIdSchema,
    name: Type.String(),
    reference: Type.Union([Type.String(), Type.Null()]),
    archived: Type.Boolean({ description: 'Archived sites are hidden from clients and from the portal.' }),
    archivedAt: nullableDateTime('When it was archived.'),
    createdAt: Type.String({ format: 'date-time' }),
    memberCount: Type.Integer({ minimum: 0, description: 'Client members.' }),
    publishedFileCount: Type.Integer({
      minimum: 0,
      description: 'Published files, unpublished ones excluded.',
    }),
    submittedFileCount: Type.Integer({ minimum: 0, description: 'Files the clients submitted.' }),
  },
  { $id: 'StaffSite', description: 'A site as the firm manages it.' },
);
export type StaffSite = Static<typeof StaffSiteSchema>;

export const StaffSiteListSchema = Type.Object(
  {
    records: Type.Array(StaffSiteSchema),
    totalRecordCount: Type.Integer({ minimum: 0, description: 'Matching sites across all pages.' }),
  },
  { $id: 'StaffSiteList' },
);
export type StaffSiteList = Static<typeof StaffSiteListSchema>;

export const CreateSiteBodySchema = Type.Object(
  { name: SiteNameSchema, reference: Type.Optional(SiteReferenceSchema) },
  { $id: 'CreateSiteBody', additionalProperties: false },
);
export type CreateSiteBody = Static<typeof CreateSiteBodySchema>;

export const UpdateSiteBodySchema = Type.Object(
  {
    name: Type.Optional(SiteNameSchema),
    reference: Type.Optional(SiteReferenceSchema),
    archived: Type.Optional(
      exactBooleanSchema('true archives the site (clients lose it at once), false restores it.'),
    ),
  },
  {
    $id: 'UpdateSiteBody',
    additionalProperties: false,
    minProperties: 1,
    description: 'Only what is sent changes.',
  },
);
export type UpdateSiteBody = Static<typeof UpdateSiteBodySchema>;

export const StaffSiteParamsSchema = Type.Object({ tenant: TenantCodeSchema, siteId: SiteIdSchema });
export type StaffSiteParams = Static<typeof StaffSiteParamsSchema>;

export const SiteMemberParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  siteId: SiteIdSchema,
  userId: UserIdSchema,
});
export type SiteMemberParams = Static<typeof SiteMemberParamsSchema>;

/** A person of the firm as the console's lists show them: the firm's own name and address for them (decision 7). */
export const firmPersonProperties = {
  userId: UserIdSchema,
  name: Type.String(),
  email: Type.String(),
  addedAt: Type.String({ format: 'date-time' }),
  hasAccount: Type.Boolean({
    description: 'False while the person has not accepted their invitation (no account to sign in with).',
  }),
};

export const SiteMemberSchema = Type.Object(firmPersonProperties, {
  $id: 'SiteMember',
  description: 'A client who may see the site.',
});
export type SiteMember = Static<typeof SiteMemberSchema>;

export const SiteMemberListSchema = Type.Object(
  {
    records: Type.Array(SiteMemberSchema, { description: 'Every member, ordered by name.' }),
    totalRecordCount: Type.Integer({ minimum: 0 }),
  },
  { $id: 'SiteMemberList' },
);
export type SiteMemberList = Static<typeof SiteMemberListSchema>;

export const AddSiteMemberBodySchema = Type.Object(
  {
    email: EmailSchema,
    name: Type.Optional(
      nonBlankTextSchema(
        200,
        'How the firm names a person new to it (default: the address); ignored for someone the firm already knows.',
      ),
    ),
  },
  { $id: 'AddSiteMemberBody', additionalProperties: false },
);
export type AddSiteMemberBody = Static<typeof AddSiteMemberBodySchema>;
