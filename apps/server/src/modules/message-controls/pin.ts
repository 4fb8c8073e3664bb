/**
 * Pinning (decision 023): a team room's staff (the school's administrators and the team's
 * coaches, as for announcements) pin one message; the header shows it to every member. Pinning
 * another replaces it. Each pin and unpin is audited; members hear `chat:room-update`.
 */
import { isAdminRole, type PinnedMessage } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers, chatRooms, users } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { coachesTeam, requireActive, requirePoster, teamFor } from '../announcements/policies.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { loadQuote } from './quotes.ts';

type Room = typeof chatRooms.$inferSelect;

/** Whether the viewer may pin in this room (the client only hides the menu item; the server decides). */
export async function canPin(db: Db, user: AppUser, room: Room) {
  if (room.kind !== 'TEAM' || room.teamId === null || user.status !== 'ACTIVE') return false;
  if (isAdminRole(user.role) && (user.role === 'SUPER_ADMIN' || user.organizationId === room.organizationId))
    return true;
  return user.role === 'COACH' && coachesTeam(db, user.id, room.teamId);
}

/** The room's pinned message, quoted as it reads now; null when none. */
export async function pinnedOf(db: Db, room: Room): Promise<PinnedMessage | null> {
  if (room.pinnedMessageId === null || room.pinnedAt === null) return null;
  const quote = await loadQuote(db, room.pinnedMessageId);
  if (!quote) return null;
  const [by] = room.pinnedBy
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, room.pinnedBy))
    : [];
  return {
    quote,
    pinnedBy: by ? [by.firstName, by.lastName].filter(Boolean).join(' ') : 'Fieldhouse',
    pinnedAt: room.pinnedAt.toISOString(),
  };
}

/** Pins `messageId` (or unpins, null) in a team room; returns the members to tell after the commit. */
export function setPin(db: Db, user: AppUser, roomId: number, messageId: number | null) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    requireActive(user);
    const [room] = await tx.select().from(chatRooms).where(eq(chatRooms.id, roomId)).for('update');
    if (!room || (user.role !== 'SUPER_ADMIN' && room.organizationId !== user.organizationId)) throw notFound('Room');
    if (room.kind !== 'TEAM' || room.teamId === null) {
      throw badRequest('Messages are pinned in team rooms only', 'not_team_room');
    }
    await requirePoster(tx, user, await teamFor(tx, user, room.teamId));
    if (messageId !== null) {
      const [message] = await tx
        .select({ roomId: chatMessages.roomId, deletedAt: chatMessages.deletedAt })
        .from(chatMessages)
        .where(eq(chatMessages.id, messageId));
      if (!message || message.roomId !== room.id) {
        throw badRequest('Pin a message of this conversation', 'pin_not_in_room');
      }
      if (message.deletedAt) throw conflict('This message was unsent', 'message_unsent');
      // Pinning is words put before everyone; a held room takes none (unpinning stays possible).
      if (room.safeguardingHold) throw conflict(room.safeguardingHold, 'safeguarding_hold');
    }
    const [updated] = await tx
      .update(chatRooms)
      .set(
        messageId === null
          ? { pinnedMessageId: null, pinnedBy: null, pinnedAt: null }
          : { pinnedMessageId: messageId, pinnedBy: user.id, pinnedAt: new Date() },
      )
      .where(eq(chatRooms.id, room.id))
      .returning();
    if (!updated) throw new Error('room vanished while pinning');
    await recordAudit(tx, {
      organizationId: room.organizationId,
      actorId: user.id,
      action: messageId === null ? 'message.unpin' : 'message.pin',
      entityType: 'chat_message',
      entityId: messageId ?? room.pinnedMessageId,
      summary: `${messageId === null ? 'Unpinned' : 'Pinned'} a message in conversation ${room.id}`,
      before: room.pinnedMessageId === null ? null : { pinnedMessageId: room.pinnedMessageId },
      after: messageId === null ? null : { pinnedMessageId: messageId },
    });
    const members = await tx
      .select({ id: chatRoomMembers.userId })
      .from(chatRoomMembers)
      .where(eq(chatRoomMembers.roomId, room.id));
    return { pinned: await pinnedOf(tx, updated), memberIds: members.map((m) => m.id) };
  });
}
