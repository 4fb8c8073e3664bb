/**
 * Message supervision (safeguarding, decision 012): administrators search any conversation of
 * their organization and read it without becoming a member or touching anyone's read state.
 * Every read and export is audited with the reason given.
 */
import type { Role, SupervisedConversation, SupervisedMessage } from '@fieldhouse/shared';
import { and, asc, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
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
import { groupBy } from '../../group-by.ts';
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

/**
 * Conversations of the organization that have messages, newest first; search covers people,
 * names and text. The list shows who wrote last and when, never what: reading a message takes a
 * reason on record (decision 012), and a search tells which conversations hold the words only.
 */
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
           lm.created_at as last_created_at,
           lm.first_name as last_first_name, lm.last_name as last_last_name,
           count(*) over ()::int as total
    from chat_rooms r
    left join teams t on t.id = r.team_id
    left join lateral (
      select m.created_at, u.first_name, u.last_name
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

/** A room's messages oldest first, with their senders; the caller cuts the page. */
const roomMessages = (db: Db, roomId: number, after?: { afterId: number; upToId: number }) =>
  db
    .select({
      message: chatMessages,
      sender: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        after && gt(chatMessages.id, after.afterId),
        after && lte(chatMessages.id, after.upToId),
      ),
    )
    .orderBy(asc(chatMessages.id))
    .$dynamic();
type MessageRow = Awaited<ReturnType<typeof roomMessages>>[number];

/** Rows as supervision shows them: the sender, file names, every earlier text and acknowledgement counts. */
async function presentSupervised(db: Db, rows: MessageRow[]): Promise<SupervisedMessage[]> {
  const ids = rows.map((r) => r.message.id);
  if (ids.length === 0) return [];
  const [files, versions, acks] = await Promise.all([
    db
      .select({
        messageId: chatAttachments.messageId,
        fileName: chatAttachments.fileName,
        mimeType: chatAttachments.mimeType,
        size: chatAttachments.size,
      })
      .from(chatAttachments)
      .where(inArray(chatAttachments.messageId, ids))
      .orderBy(asc(chatAttachments.id)),
    // Every text an edited message read as (decision 023): the archive is complete.
    db
      .select()
      .from(chatMessageVersions)
      .where(inArray(chatMessageVersions.messageId, ids))
      .orderBy(asc(chatMessageVersions.id)),
    // The acknowledgement counts, in one more query (decision 027).
    ackSummaries(
      db,
      rows
        .filter((r) => r.message.messageType === 'ANNOUNCEMENT' || r.message.messageType === 'SYSTEM')
        .map((r) => r.message.id),
      null,
    ),
  ]);
  const filesOf = groupBy(files, (f) => f.messageId);
  const versionsOf = groupBy(versions, (v) => v.messageId);
  return rows.map(({ message, sender }) => ({
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
    versions: (versionsOf.get(message.id) ?? []).map((v) => ({
      content: v.content,
      writtenAt: v.writtenAt.toISOString(),
      replacedAt: v.replacedAt.toISOString(),
    })),
    attachments: (filesOf.get(message.id) ?? []).map((f) => ({
      fileName: f.fileName,
      mimeType: f.mimeType,
      size: Number(f.size),
    })),
    ack: acks.get(message.id) ?? null,
  }));
}

/** One page of a conversation, oldest first, for the supervision screen. */
export async function supervisedMessages(db: Db, roomId: number, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    roomMessages(db, roomId)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.roomId, roomId)),
  ]);
  return { messages: await presentSupervised(db, rows), totalCount: Number(total?.n ?? 0) };
}

/**
 * What an export covers, read once before it starts: the messages up to the newest one now, how
 * many, and the first and last times (for the record's header and its audit entry).
 */
export async function exportExtent(db: Db, roomId: number) {
  const { rows } = await db.execute<{
    n: number;
    last_id: number | null;
    first_at: string | null;
    last_at: string | null;
  }>(sql`
    select count(*)::int as n, max(id) as last_id,
           (select created_at from chat_messages where room_id = ${roomId} order by id limit 1) as first_at,
           (select created_at from chat_messages where room_id = ${roomId} order by id desc limit 1) as last_at
    from chat_messages where room_id = ${roomId}`);
  const row = rows[0];
  return {
    count: Number(row?.n ?? 0),
    lastId: row?.last_id === null || row?.last_id === undefined ? 0 : Number(row.last_id),
    firstAt: row?.first_at ? iso(row.first_at) : null,
    lastAt: row?.last_at ? iso(row.last_at) : null,
  };
}

/**
 * Every message up to `upToId`, oldest first, 1,000 at a time after the last id read (house
 * rule: exports page by keyset). A conversation of any length streams in bounded memory, and no
 * statement names more ids than a page holds (PostgreSQL takes at most 65,535 parameters).
 */
export async function* supervisedMessagePages(db: Db, roomId: number, upToId: number, pageSize = 1000) {
  let afterId = 0;
  while (afterId < upToId) {
    const rows = await roomMessages(db, roomId, { afterId, upToId }).limit(pageSize);
    if (rows.length === 0) return;
    yield await presentSupervised(db, rows);
    afterId = rows[rows.length - 1]?.message.id ?? upToId;
  }
}
