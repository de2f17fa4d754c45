import type { Readable } from 'node:stream';
import { hashPassword } from '../idp/password.ts';
import { type PasswordOwner, passwordRuleProblem } from '../idp/password-rule.ts';
import { CliError } from './context.ts';

/**
 * A password is read from standard input (`--password-stdin`), never taken on the command line, where other
 * users' `ps` and the shell's history would see it. One line; the line break at its end is not part of it. It
 * must pass the one password rule (idp/password-rule.ts), with the message the web pages give.
 */
export async function passwordHashFromStdin(stdin: Readable, owner: PasswordOwner): Promise<string> {
  let text = '';
  for await (const chunk of stdin) {
    text += String(chunk);
    if (text.length > 1024)
      throw new CliError('the password on standard input is longer than 1024 characters');
  }
  const password = text.replace(/\r?\n$/, '');
  if (password.includes('\n')) throw new CliError('standard input must hold the password on one line');
  const problem = passwordRuleProblem(password, owner);
  if (problem) throw new CliError(problem);
  return hashPassword(password);
}
