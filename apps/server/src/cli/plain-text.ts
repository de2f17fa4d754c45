import { nonBlankTextSchema } from '@portico/contracts';
import { Value } from 'typebox/value';
import { CliError } from './context.ts';

/**
 * A name or reference given on the command line, checked as the API checks the same field (the contracts'
 * `nonBlankTextSchema`: 1 to `maxLength` characters, not only spaces, no line break or other control character)
 * and trimmed as the API stores it; otherwise the command's one-line error.
 */
export function plainText(value: string, option: string, maxLength = 200): string {
  if (!Value.Check(nonBlankTextSchema(maxLength, option), value)) {
    throw new CliError(
      `${option} must have 1 to ${maxLength} characters, without line breaks or other control characters`,
    );
  }
  return value.trim();
}
