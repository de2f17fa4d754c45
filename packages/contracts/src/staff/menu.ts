import { type Static, Type } from 'typebox';
import { TenantCodeSchema } from '../discovery.ts';
import { MENU_AUDIENCES } from '../menu.ts';
import { exactBooleanSchema, nonBlankTextSchema } from './common.ts';

/** Menu keys are what front ends match their routes against: a letter, then letters, digits, `_`, `-` or `.`. */
export const MENU_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]{0,63}$';
export const MAX_MENU_ITEMS = 50;

export const MenuAudienceParamsSchema = Type.Object({
  tenant: TenantCodeSchema,
  audience: Type.Enum(MENU_AUDIENCES, {
    description: 'The portal (`client`) or the control panel (`staff`).',
  }),
});
export type MenuAudienceParams = Static<typeof MenuAudienceParamsSchema>;

const itemFields = {
  key: Type.String({ pattern: MENU_KEY_PATTERN, description: 'Unique within the audience’s whole menu.' }),
  name: nonBlankTextSchema(100, 'The title shown; trimmed.'),
  order: Type.Integer({
    minimum: 0,
    maximum: 10_000,
    description: 'Position among its siblings, ascending.',
  }),
  noRoute: Type.Optional(
    exactBooleanSchema('An entry without a page yet ("This module is coming soon."); false if left out.'),
  ),
};

export const MenuSubItemInputSchema = Type.Object(itemFields, {
  $id: 'MenuSubItemInput',
  additionalProperties: false,
});

export const MenuItemInputSchema = Type.Object(
  {
    ...itemFields,
    subMenus: Type.Optional(
      Type.Array(MenuSubItemInputSchema, { maxItems: MAX_MENU_ITEMS, description: 'One level of children.' }),
    ),
  },
  { $id: 'MenuItemInput', additionalProperties: false },
);
export type MenuItemInput = Static<typeof MenuItemInputSchema>;

export const ReplaceMenuBodySchema = Type.Object(
  {
    items: Type.Array(MenuItemInputSchema, {
      minItems: 1,
      maxItems: MAX_MENU_ITEMS,
      description:
        'The whole menu; a front end with an empty menu cannot finish starting, so one item at least.',
    }),
  },
  { $id: 'ReplaceMenuBody', additionalProperties: false },
);
export type ReplaceMenuBody = Static<typeof ReplaceMenuBodySchema>;
