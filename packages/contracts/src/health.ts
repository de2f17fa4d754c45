import { type Static, Type } from 'typebox';

export const HealthSchema = Type.Object(
  { status: Type.Literal('ok'), version: Type.String(), database: Type.Literal('ok') },
  { $id: 'Health' },
);
export type Health = Static<typeof HealthSchema>;

const CheckSchema = Type.Union([Type.Literal('ok'), Type.Literal('failed'), Type.Literal('not_used')]);

/** `/readyz`: whether this process can serve requests now; 503 with the same shape when a check failed. */
export const ReadinessSchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
    version: Type.String(),
    checks: Type.Object({
      database: CheckSchema,
      blobStore: CheckSchema,
      /** The external issuer's signing keys; `not_used` with the embedded provider. */
      issuer: CheckSchema,
      /** clamd (CLAMD_URL); `not_used` when scanning is off. */
      scanner: CheckSchema,
    }),
  },
  { $id: 'Readiness' },
);
export type Readiness = Static<typeof ReadinessSchema>;
