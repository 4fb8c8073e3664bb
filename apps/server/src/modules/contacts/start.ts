/**
 * The start check every path that opens a new direct conversation calls (decision 026). A
 * refusal never says more than the caller can already see: a person of the school they share a
 * conversation with (a teammate in the team room) answers 403 `contact_not_allowed`; anyone else
 * answers 404 like an unknown id or another school's person (decision 007), so ids cannot be
 * probed for who studies at the school.
 */
import { CONTACT_NOT_ALLOWED } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { type ContactDecision, decideContact, type Party } from './policy.ts';
import { loadTies } from './ties.ts';

export async function contactDecision(db: Db, caller: Party, target: Party): Promise<ContactDecision> {
  const ties = await loadTies(db, caller, [target.id]);
  return decideContact(caller, target, ties.get(target.id) ?? []);
}

/** Whether the two are members of one room (the caller already sees the other's name there). */
export async function shareARoom(db: Db, a: number, b: number): Promise<boolean> {
  const { rows } = await db.execute<{ shared: boolean }>(sql`
    select exists (
      select 1 from chat_room_members x
      join chat_room_members y on y.room_id = x.room_id and y.user_id = ${b}
      where x.user_id = ${a}
    ) as shared`);
  return rows[0]?.shared === true;
}

/** Throws the answer for a caller who may not start a conversation with the target. */
export async function assertMayStart(db: Db, caller: Party, target: Party): Promise<void> {
  const decision = await contactDecision(db, caller, target);
  if (decision.allowed) return;
  if (decision.refusal === 'self') throw badRequest('userId: you cannot start a conversation with yourself');
  if (decision.refusal === 'caller_inactive') throw forbidden('Your account is not active', 'account_inactive');
  if (decision.refusal === 'not_allowed' && (await shareARoom(db, caller.id, target.id)))
    throw forbidden('You cannot start a conversation with this person', CONTACT_NOT_ALLOWED);
  throw notFound('User');
}
