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

export const SIGN_IN_METHODS = [
  'password',
  'password_app',
  'password_recovery_code',
  'password_link',
  'passkey',
  'password_passkey',
] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** How people read a sign-in's method, on the provider's page and in the control panel alike. */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: 'Password',
  password_app: 'Password and authenticator app',
  password_recovery_code: 'Password and recovery code',
  password_link: 'New password from a link',
  passkey: 'Passkey',
  password_passkey: 'Password and passkey',
};

export const SignInEntrySchema = Type.Object(
  {
    at: Type.String({ format: 'date-time' }),
    method: Type.Union(
      [
        Type.Literal('password'),
        Type.Literal('password_app'),
        Type.Literal('password_recovery_code'),
        Type.Literal('password_link'),
        Type.Literal('passkey'),
        Type.Literal('password_passkey'),
      ],
      {
        description:
          'Password alone, with the authenticator app, with a recovery code, a new password from a link, a passkey alone, or password and passkey.',
      },
    ),
    browser: Type.String({ description: 'The browser and system, e.g. "Firefox on Windows".' }),
    address: Type.String({ description: 'The address it came from, as the server saw it.' }),
  },
  { additionalProperties: false },
);
export type SignInEntry = Static<typeof SignInEntrySchema>;

export const SignInListSchema = Type.Object(
  { records: Type.Array(SignInEntrySchema) },
  { $id: 'SignInList', additionalProperties: false, description: 'The last sign-ins, newest first.' },
);
export type SignInList = Static<typeof SignInListSchema>;
