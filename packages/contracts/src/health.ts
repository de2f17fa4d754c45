import { type Static, Type } from 'typebox';

export const HealthSchema = Type.Object(
  { status: Type.Literal('ok'), version: Type.String(), database: Type.Literal('ok') },
  { $id: 'Health' },
);
export type Health = Static<typeof HealthSchema>;
