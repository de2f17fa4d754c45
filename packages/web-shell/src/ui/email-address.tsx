import { Fragment } from 'react';

/**
 * An e-mail address that a narrow column may break only after its `@` and its dots, never inside a word
 * (`carol@` / `acme.` / `example`): the parts stay readable (issue 30).
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className="portico-email">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in their fixed order
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
