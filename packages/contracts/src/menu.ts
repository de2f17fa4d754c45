import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from './discovery.ts';

/** Who a menu is for: the client portal (`client`) or the firm's control panel (`staff`). */
export const MENU_AUDIENCES = ['client', 'staff'] as const;
export type MenuAudience = (typeof MENU_AUDIENCES)[number];

/** Keys of the portal's side-menu items; an item is shown only when the server menu returns its key (SPEC §6). */
export const PORTAL_MENU_KEYS = {
  submittedFiles: 'submittedFiles',
  publishedFiles: 'publishedFiles',
  notifications: 'notifications',
  requestedDocuments: 'requestedDocuments',
  assignedToMe: 'assignedToMe',
} as const;

export const MenuQuerySchema = Type.Object(
  {
    audience: Type.Optional(
      Type.Enum(MENU_AUDIENCES, {
        default: 'client',
        description: 'Which menu to answer; `staff` is answered only to staff of the tenant.',
      }),
    ),
  },
  { $id: 'MenuQuery', additionalProperties: false },
);
export type MenuQuery = Static<typeof MenuQuerySchema>;

/** One entry of the navigation menu; entries nest through `subMenus`, ordered by `order`. */
export const MenuEntrySchema = Type.Cyclic(
  {
    MenuEntry: Type.Object(
      {
        key: Type.String({ description: 'Stable key the front end matches its routes against.' }),
        name: Type.String({ description: 'Title to show, as the tenant configured it.' }),
        order: Type.Integer({ description: 'Position among its siblings, ascending.' }),
        noRoute: Type.Boolean({
          description: 'True for an entry without a page yet ("This module is coming soon.").',
        }),
        subMenus: Type.Array(Type.Ref('MenuEntry'), { description: 'Child entries, ordered.' }),
      },
      { description: 'A navigation menu entry.' },
    ),
  },
  'MenuEntry',
);
export type MenuEntry = Static<typeof MenuEntrySchema>;

export const MenuSchema = Type.Object(
  {
    tenantCode: TenantCodeSchema,
    audience: Type.Enum(MENU_AUDIENCES),
    items: Type.Array(MenuEntrySchema, { description: 'Top-level entries, ordered.' }),
  },
  { $id: 'Menu', description: "The caller's navigation menu for this tenant and audience." },
);
export type Menu = Static<typeof MenuSchema>;
