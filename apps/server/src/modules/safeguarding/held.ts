/**
 * A held room takes nothing from anyone (decision 018): no message, edit, vote, pin, nudge,
 * acknowledgement, typing or upload. Edits, acknowledgements and nudges read the hold here under
 * a share lock, so a hold being set now is waited for and seen (a row read without one could be
 * the version from before the hold's commit); sends and pins lock the room row themselves; votes
 * and typing read it as last committed.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRooms } from '../../db/schema/index.ts';
import { conflict } from '../../errors.ts';

export async function holdOf(tx: Db, roomId: number) {
  const [room] = await tx
    .select({ hold: chatRooms.safeguardingHold })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId))
    .for('share');
  return room?.hold ?? null;
}

export async function refuseHeld(tx: Db, roomId: number) {
  const hold = await holdOf(tx, roomId);
  if (hold) throw conflict(hold, 'safeguarding_hold');
}

/**
 * The hold as last committed, without a lock: for what leaves no trace (a typing indicator),
 * where waiting behind a busy room's sends would cost more than a hold set this instant.
 */
export async function holdNow(db: Db, roomId: number) {
  const [room] = await db.select({ hold: chatRooms.safeguardingHold }).from(chatRooms).where(eq(chatRooms.id, roomId));
  return room?.hold ?? null;
}
