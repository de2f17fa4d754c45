import { type Static, Type } from 'typebox';

/**
 * The signed-in person as this firm knows them (decision 7): the name and address the firm's record holds, which
 * the header shows. A person invited by a firm has no name of their own in their token, only this one.
 */
export const CurrentPersonSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String({ description: 'The name the firm gave the person, or the one they gave themselves.' }),
    email: Type.String(),
  },
  { $id: 'CurrentPerson', additionalProperties: false },
);
export type CurrentPerson = Static<typeof CurrentPersonSchema>;
