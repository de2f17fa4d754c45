import { type Static, Type } from 'typebox';
import { HexColorSchema } from '../theme.ts';
import { nonBlankTextSchema } from './common.ts';

/** Largest firm logo accepted, in bytes (PNG or SVG). */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Largest tenant icon accepted, in bytes (a square PNG). */
export const ICON_MAX_BYTES = 128 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/svg+xml'] as const;

// Room above the limits, so that a slightly larger image is answered by the size check, which says the limit.
/* @__NO_SIDE_EFFECTS__ */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

export const BrandingSchema = Type.Object(
  {
    displayName: Type.String({ description: "The firm's name as shown in the header." }),
    logo: Type.String({ description: 'The logo as a data: URL (image/png or image/svg+xml).' }),
    icon: Type.String({ description: 'The icon as a `data:image/png;base64,…` URL.' }),
    primaryColor: HexColorSchema,
    secondaryColor: HexColorSchema,
    tertiaryColor: HexColorSchema,
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Branding', description: "The firm's branding as the console edits it; `GET api/themes` shows it." },
);
export type Branding = Static<typeof BrandingSchema>;

export const UpdateBrandingBodySchema = Type.Object(
  {
    displayName: Type.Optional(nonBlankTextSchema(200, "The firm's name; trimmed.")),
    logo: Type.Optional(
      Type.String({
        pattern: '^data:image/(png|svg\\+xml);base64,',
        maxLength: base64Length(2 * LOGO_MAX_BYTES),
        description:
          `A \`data:image/png;base64,…\` or \`data:image/svg+xml;base64,…\` URL of at most ${LOGO_MAX_BYTES / 1024} KB. ` +
          'An SVG with scripts, event handlers, foreignObject or external references is refused.',
      }),
    ),
    icon: Type.Optional(
      Type.String({
        pattern: '^data:image/png;base64,',
        maxLength: base64Length(2 * ICON_MAX_BYTES),
        description: `A square PNG as a \`data:image/png;base64,…\` URL of at most ${ICON_MAX_BYTES / 1024} KB.`,
      }),
    ),
    primaryColor: Type.Optional(HexColorSchema),
    secondaryColor: Type.Optional(HexColorSchema),
    tertiaryColor: Type.Optional(HexColorSchema),
  },
  {
    $id: 'UpdateBrandingBody',
    additionalProperties: false,
    minProperties: 1,
    description: 'Only what is sent changes. Images are sent as data: URLs, as `GET` answers them.',
  },
);
export type UpdateBrandingBody = Static<typeof UpdateBrandingBodySchema>;
