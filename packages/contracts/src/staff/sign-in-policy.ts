import { type Static, Type } from 'typebox';

/** Who of a firm's people must pass a second step (an authenticator app) before any token is issued. */
export const TWO_STEP_REQUIREMENTS = ['off', 'staff', 'clients', 'everyone'] as const;
export type TwoStepRequirement = (typeof TWO_STEP_REQUIREMENTS)[number];

const TwoStepRequirementSchema = Type.Union(
  [Type.Literal('off'), Type.Literal('staff'), Type.Literal('clients'), Type.Literal('everyone')],
  {
    description:
      'Require two-step sign-in: `off`, `staff` (the firm’s staff), `clients` (members of its sites) or `everyone`. ' +
      'A person it applies to who has no second step yet sets one up at their next sign-in, before any token.',
  },
);

export const SignInPolicySchema = Type.Object(
  { twoStepRequired: TwoStepRequirementSchema },
  { $id: 'SignInPolicy', additionalProperties: false, description: "The firm's sign-in policy." },
);
export type SignInPolicy = Static<typeof SignInPolicySchema>;

export const UpdateSignInPolicyBodySchema = Type.Object(
  { twoStepRequired: TwoStepRequirementSchema },
  { $id: 'UpdateSignInPolicyBody', additionalProperties: false },
);
export type UpdateSignInPolicyBody = Static<typeof UpdateSignInPolicyBodySchema>;

export const EndedSessionsSchema = Type.Object(
  { ended: Type.Integer({ minimum: 0, description: 'How many sign-ins (browser sessions) ended.' }) },
  { $id: 'EndedSessions', additionalProperties: false },
);
export type EndedSessions = Static<typeof EndedSessionsSchema>;
