// Reads shared by the member operations; every one is scoped by the caller's club.
import type { Sql, TransactionSql } from 'postgres';
import { ApiError } from '../../../errors.js';

type Db = Sql | TransactionSql;

export const memberColumns = [
  'id', 'first_name', 'last_name', 'birth_date', 'gender', 'email', 'phone', 'address', 'external_ref',
  'joined_on', 'status', 'person_id', 'guardians', 'created_at', 'updated_at', 'version',
] as const;

export async function findMember(sql: Db, clubId: string, memberId: string, lock = false) {
  const [row] = await sql`
    select ${sql(memberColumns as unknown as string[])} from members
    where id = ${memberId} and club_id = ${clubId} ${lock ? sql`for update` : sql``}`;
  return row;
}

/** The member, locked for the write; another club's id is simply not there. */
export async function lockMember(sql: Db, clubId: string, memberId: string) {
  const row = await findMember(sql, clubId, memberId, true);
  if (!row) throw new ApiError('not_found', `no member ${memberId}`);
  return row;
}

/** Licenses and invoices keep a member from being erased; those tables do not exist yet. */
export async function memberHasRecords(_sql: Db, _memberId: string): Promise<boolean> {
  return false;
}
