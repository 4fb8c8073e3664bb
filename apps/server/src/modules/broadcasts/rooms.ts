/**
 * The school's coaches' room (decision 029): a GROUP room the product keeps (`purpose =
 * 'COACHES'`, one per school by a unique index), where broadcasts to coaches only go so that
 * athletes and families never read them. Coaches of the chosen teams join as participants when a
 * broadcast reaches them and stay (it is the staff's thread); the sender takes part too.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, chatRooms, organizations } from '../../db/schema/index.ts';
import { lockSafeguarding } from '../safeguarding/lock.ts';
import type { Emit } from '../safeguarding/reconcile.ts';
import { reconcileRooms } from '../safeguarding/reconcile.ts';

export async function ensureCoachesRoom(
  tx: Db,
  organizationId: number,
  participants: number[],
): Promise<{ roomId: number; emit: Emit }> {
  const ofSchool = and(eq(chatRooms.organizationId, organizationId), eq(chatRooms.purpose, 'COACHES'));
  // The school's safeguarding lock, then the room's row, before its members' rows: the order
  // reconcile and a send take them in, so none of them waits on another in a circle.
  await lockSafeguarding(tx, [organizationId]);
  let [room] = await tx.select({ id: chatRooms.id }).from(chatRooms).where(ofSchool).for('update');
  const created: number[] = [];
  if (!room) {
    const [school] = await tx
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    const [inserted] = await tx
      .insert(chatRooms)
      .values({ organizationId, kind: 'GROUP', purpose: 'COACHES', name: `Coaches — ${school?.name ?? 'school'}` })
      .onConflictDoNothing()
      .returning({ id: chatRooms.id });
    if (inserted) created.push(inserted.id);
    [room] = await tx.select({ id: chatRooms.id }).from(chatRooms).where(ofSchool);
  }
  if (!room) throw new Error('coaches room neither inserted nor found');
  if (participants.length) {
    await tx
      .insert(chatRoomMembers)
      .values(participants.map((userId) => ({ roomId: room.id, userId, reason: 'PARTICIPANT' })))
      // Someone overseeing the room becomes a participant: they now take part.
      .onConflictDoUpdate({
        target: [chatRoomMembers.roomId, chatRoomMembers.userId],
        set: { reason: sql`'PARTICIPANT'` },
      });
  }
  const reconciled = await reconcileRooms(tx, [room.id], created.length ? 'room-created' : 'roster', created);
  return { roomId: room.id, emit: reconciled.emit };
}
