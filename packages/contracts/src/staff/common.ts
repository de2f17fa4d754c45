import { type Static, Type } from 'typebox';

/**
 * Text a person types into the console (a site name, a display name, a note): no control characters, and at
 * least one character that is not white space. The server trims what it stores.
 */
/* @__NO_SIDE_EFFECTS__ */
export const nonBlankTextSchema = (maxLength: number, description: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern:
      '^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$',
    description,
  });

/** Like `nonBlankTextSchema`, but line breaks are allowed (a note to a client). */
/* @__NO_SIDE_EFFECTS__ */
export const multiLineTextSchema = (maxLength: number, description: string) =>
  Type.String({
    minLength: 1,
    maxLength,
    pattern:
      '^[^\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*\\S[^\\u0000-\\u0009\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$',
    description,
  });

export const UserIdSchema = Type.String({ format: 'uuid', description: 'A person (users.id).' });

export const EmailSchema = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'An e-mail address; compared without regard to case.',
  examples: ['alice@example.com'],
});

export const PersonSchema = Type.Object(
  { id: UserIdSchema, name: Type.String(), email: Type.String() },
  { $id: 'Person', description: 'Someone who did something in the portal.' },
);
export type Person = Static<typeof PersonSchema>;

/** An ISO 8601 instant in UTC, or null. */
/* @__NO_SIDE_EFFECTS__ */
export const nullableDateTime = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

/**
 * `true` or `false` in a JSON body, exactly as sent. The server's validator coerces values to a schema's `type`
 * (which query strings need), and would turn a body's `null` into false or `1` into true; an enum with no `type`
 * is compared as sent.
 */
/* @__NO_SIDE_EFFECTS__ */
export const exactBooleanSchema = (description?: string) =>
  Type.Unsafe<boolean>({ enum: [true, false], ...(description ? { description } : {}) });

/** Like `exactBooleanSchema`, with `null` as a value of its own (to clear something). */
/* @__NO_SIDE_EFFECTS__ */
export const exactBooleanOrNullSchema = (description?: string) =>
  Type.Unsafe<boolean | null>({ enum: [true, false, null], ...(description ? { description } : {}) });
