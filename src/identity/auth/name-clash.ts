import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { conflict } from '../../platform/http/problem';

/**
 * A username may not equal another account's email, nor an email another's username (usernames
 * cannot contain `@`, but older ones may), so one login input names one account: 409 naming the
 * field, like a taken name. `accounts` selects the accounts to compare with (all users, or the
 * client logins of one workspace) under `alias`; `who` names them in the message.
 */
export async function assertNoNameClash(
  accounts: SelectQueryBuilder<ObjectLiteral>,
  alias: string,
  who: string,
  body: { username: string; email: string },
  exceptId?: string,
): Promise<void> {
  const qb = accounts
    .select([`${alias}.id AS id`, `lower(${alias}.username) = lower(:email) AS "emailIsUsername"`])
    .andWhere(`(lower(${alias}.username) = lower(:email) OR lower(${alias}.email) = lower(:username))`, {
      email: body.email,
      username: body.username,
    });
  if (exceptId) qb.andWhere(`${alias}.id <> :exceptId`, { exceptId });
  const clash = await qb.getRawOne<{ emailIsUsername: boolean }>();
  if (!clash) return;
  throw clash.emailIsUsername
    ? conflict(`The email is another ${who}’s username.`, { email: ['is already used as a username'] })
    : conflict(`The username is another ${who}’s email.`, { username: ['is already used as an email'] });
}
