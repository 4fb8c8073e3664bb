/**
 * Message supervision (safeguarding, decision 012): administrators search any conversation of
 * their organization and read it without becoming a member or touching anyone's read state.
 * Every read and export is audited with the reason given.
 */
import type { Role, SupervisedConversation, SupervisedMessage } from '@fieldhouse/shared';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chatAttachments,
  chatMessages,
  chatMessageVersions,
  chatRoomMembers,
  chatRooms,
  teams,
  users,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { ackSummaries } from '../announcements/summaries.ts';
import { personName } from '../audit/snapshots.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { likePattern } from '../users/list-users.ts';

type RoomRow = {
  id: number;
  uuid: string;
  kind: 'DIRECT' | 'TEAM' | 'GROUP';
  name: string | null;
  team_id: number | null;
  team_name: string | null;
  message_count: number;
  last_content: string | null;
  last_created_at: Date | string | null;
  last_first_name: string | null;
  last_last_name: string | null;
  total: number;
};

type Participant = SupervisedConversation['participants'][number];

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** A readable name: the team's or the room's, else the people in a direct conversation. */
export function conversationName(
  room: { kind: string; name: string | null; teamName?: string | null },
  participants: Participant[],
) {
  if (room.name) return room.name;
  if (room.teamName) return room.teamName;
  const people = participants.filter((p) => p.reason !== 'GUARDIAN').map((p) => personName(p));
  return people.length ? people.join(' & ') : `${room.kind.toLowerCase()} conversation`;
}

export async function participantsOf(db: Db, roomIds: number[]) {
  const byRoom = new Map<number, Participant[]>();
  if (roomIds.length === 0) return byRoom;
  const rows = await db
    .select({
      roomId: chatRoomMembers.roomId,
      reason: chatRoomMembers.reason,
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(chatRoomMembers)
    .innerJoin(users, eq(users.id, chatRoomMembers.userId))
    .where(inArray(chatRoomMembers.roomId, roomIds))
    .orderBy(asc(users.firstName), asc(users.lastName));
  for (const { roomId, ...p } of rows) {
    const list = byRoom.get(roomId) ?? [];
    list.push({ ...p, role: p.role as Role | null });
    byRoom.set(roomId, list);
  }
  return byRoom;
}

/** Conversations of the organization that have messages, newest first; search covers people, names and text. */
export async function listConversations(db: Db, organizationId: number, search: string, page: number, limit: number) {
  const pattern = likePattern(search);
  const searchFilter = search
    ? sql`and (
        r.name ilike ${pattern} or t.name ilike ${pattern}
        or exists (
          select 1 from chat_room_members cm join users u on u.id = cm.user_id
          where cm.room_id = r.id and (u.first_name || ' ' || coalesce(u.last_name, '')) ilike ${pattern})
        or exists (
          select 1 from chat_messages sm
          where sm.room_id = r.id and sm.deleted_at is null and sm.content ilike ${pattern}))`
    : sql``;
  const { rows } = await db.execute<RoomRow>(sql`
    select r.id, r.uuid, r.kind, r.name, r.team_id, t.name as team_name,
           (select count(*)::int from chat_messages cm where cm.room_id = r.id) as message_count,
           lm.content as last_content, lm.created_at as last_created_at,
           lm.first_name as last_first_name, lm.last_name as last_last_name,
           count(*) over ()::int as total
    from chat_rooms r
    left join teams t on t.id = r.team_id
    left join lateral (
      select m.content, m.created_at, u.first_name, u.last_name
      from chat_messages m left join users u on u.id = m.sender_id
      where m.room_id = r.id and m.deleted_at is null
      order by m.id desc limit 1
    ) lm on true
    where r.organization_id = ${organizationId} and r.last_message_at is not null ${searchFilter}
    order by r.last_message_at desc, r.id desc
    limit ${limit} offset ${(page - 1) * limit}`);
  const participants = await participantsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  const result: SupervisedConversation[] = rows.map((r) => {
    const people = participants.get(Number(r.id)) ?? [];
    return {
      id: Number(r.id),
      uuid: r.uuid,
      kind: r.kind,
      name: conversationName({ kind: r.kind, name: r.name, teamName: r.team_name }, people),
      team: r.team_id && r.team_name ? { id: Number(r.team_id), name: r.team_name } : null,
      participants: people,
      messageCount: Number(r.message_count),
      lastMessage: r.last_created_at
        ? {
            content: r.last_content ?? '',
            createdAt: iso(r.last_created_at),
            senderName: r.last_first_name
              ? personName({ firstName: r.last_first_name, lastName: r.last_last_name })
              : null,
          }
        : null,
    };
  });
  return { result, totalCount: Number(rows[0]?.total ?? 0) };
}

/**
 * The room an administrator may supervise: any room for a SUPER_ADMIN, otherwise one of their
 * own organization (others are 404, as in decision 007). Never adds them as a member.
 */
export async function supervisedRoom(db: Db, actor: AppUser, roomId: number) {
  const [found] = await db
    .select({ room: chatRooms, teamName: teams.name })
    .from(chatRooms)
    .leftJoin(teams, eq(teams.id, chatRooms.teamId))
    .where(eq(chatRooms.id, roomId));
  if (!found) throw notFound('Conversation');
  if (actor.role !== 'SUPER_ADMIN' && found.room.organizationId !== actor.organizationId) {
    throw notFound('Conversation');
  }
  const participants = (await participantsOf(db, [roomId])).get(roomId) ?? [];
  return {
    room: found.room,
    teamName: found.teamName,
    participants,
    name: conversationName({ kind: found.room.kind, name: found.room.name, teamName: found.teamName }, participants),
  };
}

/** Messages oldest first with sender and attachment names; `limit` null reads them all (exports). */
export async function supervisedMessages(db: Db, roomId: number, page = 1, limit: number | null = null) {
  const base = db
    .select({
      message: chatMessages,
      sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.roomId, roomId))
    .orderBy(asc(chatMessages.id));
  const rows = limit === null ? await base : await base.limit(limit).offset((page - 1) * limit);
  const [total] = await db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.roomId, roomId));
  const ids = rows.map((r) => r.message.id);
  const files = ids.length
    ? await db
        .select({
          messageId: chatAttachments.messageId,
          fileName: chatAttachments.fileName,
          mimeType: chatAttachments.mimeType,
          size: chatAttachments.size,
        })
        .from(chatAttachments)
        .where(inArray(chatAttachments.messageId, ids))
    : [];
  // Every text an edited message read as (decision 023): the archive is complete.
  const versions = ids.length
    ? await db
        .select()
        .from(chatMessageVersions)
        .where(inArray(chatMessageVersions.messageId, ids))
        .orderBy(asc(chatMessageVersions.id))
    : [];
  // The acknowledgement counts, in one more query (decision 027).
  const acks = await ackSummaries(
    db,
    rows
      .filter((r) => r.message.messageType === 'ANNOUNCEMENT' || r.message.messageType === 'SYSTEM')
      .map((r) => r.message.id),
    null,
  );
  const messages: SupervisedMessage[] = rows.map(({ message, sender }) => ({
    id: message.id,
    createdAt: message.createdAt.toISOString(),
    sender: sender?.id
      ? { id: sender.id, firstName: sender.firstName, lastName: sender.lastName, role: sender.role as Role | null }
      : null,
    // Oversight sees what was sent, including messages the sender later unsent.
    content: message.content,
    messageType: message.messageType,
    deleted: message.deletedAt !== null,
    deletedAt: message.deletedAt?.toISOString() ?? null,
    editedAt: message.editedAt?.toISOString() ?? null,
    versions: versions
      .filter((v) => v.messageId === message.id)
      .map((v) => ({
        content: v.content,
        writtenAt: v.writtenAt.toISOString(),
        replacedAt: v.replacedAt.toISOString(),
      })),
    attachments: files
      .filter((f) => f.messageId === message.id)
      .map((f) => ({ fileName: f.fileName, mimeType: f.mimeType, size: Number(f.size) })),
    ack: acks.get(message.id) ?? null,
  }));
  return { messages, totalCount: Number(total?.n ?? 0) };
}
