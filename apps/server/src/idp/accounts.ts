import type { Queryable } from '../db/database.ts';
import { findAccountRow, type IdpAccount, toAccount } from './accounts.repository.ts';
import { hashPassword, verifyPassword } from './password.ts';

// The accounts' rows; this module adds the password check.
export * from './accounts.repository.ts';

let decoyHash: Promise<string> | undefined;

/**
 * The account whose username (or e-mail address: invited people never chose a username) and password match, or
 * undefined. An unknown name still costs one password hash, so response times do not tell which accounts exist.
 */
export async function authenticate(
  db: Queryable,
  username: string,
  password: string,
): Promise<IdpAccount | undefined> {
  const row = await findAccountRow(db, username);
  if (!row) {
    decoyHash ??= hashPassword('decoy password that nobody has');
    await verifyPassword(password, await decoyHash);
    return undefined;
  }
  return (await verifyPassword(password, row.password_hash)) ? toAccount(row) : undefined;
}
