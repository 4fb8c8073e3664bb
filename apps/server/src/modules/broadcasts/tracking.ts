/**
 * What the office sees of its broadcasts (decision 029): the list with totals, and one
 * broadcast's people — once each however many chosen teams reach them, with the teams, whether
 * they have read it (their read position in a room it went to is at or past it) and when they
 * acknowledged. Missing first, by name; then those who acknowledged, earliest first.
 */
import {
  type AskedAs,
  type BroadcastSummary,
  type BroadcastTracking,
  type BroadcastTrackingQuery,
  paginationInfo,
} from '@fieldhouse/shared';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type BroadcastRow, broadcastMessages, broadcasts, teams, users } from '../../db/schema/index.ts';

type Post = { broadcastId: number; messageId: number; roomId: number; teamId: number | null };

export async function listBroadcasts(db: Db, organizationId: number, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(broadcasts)
      .where(eq(broadcasts.organizationId, organizationId))
      .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(broadcasts)
      .where(eq(broadcasts.organizationId, organizationId)),
  ]);
  return { result: await summaries(db, rows), totalCount: Number(total?.count ?? 0) };
}

async function summaries(db: Db, rows: BroadcastRow[]): Promise<BroadcastSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const posts: Post[] = await db
    .select({
      broadcastId: broadcastMessages.broadcastId,
      messageId: broadcastMessages.messageId,
      roomId: broadcastMessages.roomId,
      teamId: broadcastMessages.teamId,
    })
    .from(broadcastMessages)
    .where(inArray(broadcastMessages.broadcastId, ids));
  const { rows: counts } = await db.execute<{ broadcast_id: number; recipients: number; acknowledged: number }>(sql`
    select bm.broadcast_id,
           count(distinct m.user_id)::int as recipients,
           count(distinct m.user_id) filter (where ar.acknowledged_at is not null)::int as acknowledged
      from broadcast_messages bm
      join broadcast_recipients m on m.message_id = bm.message_id
      left join ack_recipients ar on ar.message_id = bm.message_id and ar.user_id = m.user_id
     where bm.broadcast_id in (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )})
     group by bm.broadcast_id`);
  const senderIds = [...new Set(rows.flatMap((r) => (r.senderId ? [r.senderId] : [])))];
  const teamIds = [
    ...new Set(rows.flatMap((r) => r.targets.teamIds).concat(posts.flatMap((p) => (p.teamId ? [p.teamId] : [])))),
  ];
  const [senders, teamRows] = await Promise.all([
    senderIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, senderIds))
      : [],
    teamIds.length ? db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds)) : [],
  ]);
  const teamName = new Map(teamRows.map((t) => [t.id, t.name]));
  return rows.map((r) => {
    const mine = posts.filter((p) => p.broadcastId === r.id);
    const count = counts.find((c) => Number(c.broadcast_id) === r.id);
    // Sent: the teams it went to; scheduled or cancelled: the teams it names.
    const shownTeams = r.status === 'SENT' ? mine.flatMap((p) => (p.teamId ? [p.teamId] : [])) : r.targets.teamIds;
    const sender = senders.find((s) => s.id === r.senderId);
    return {
      id: r.id,
      content: r.content,
      audiences: r.audiences,
      status: r.status,
      requireAck: r.requireAck,
      teams: shownTeams.map((id) => ({ id, name: teamName.get(id) ?? 'Removed team' })),
      targets: r.targets as BroadcastSummary['targets'],
      template: r.template,
      sender: sender ? { id: sender.id, firstName: sender.firstName ?? '', lastName: sender.lastName ?? '' } : null,
      sendAt: r.sendAt?.toISOString() ?? null,
      sentAt: r.sentAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      recipients: Number(count?.recipients ?? 0),
      acknowledged: Number(count?.acknowledged ?? 0),
      messages: mine.map((p) => ({ messageId: p.messageId, roomId: p.roomId, teamId: p.teamId })),
    };
  });
}

export async function broadcastTracking(
  db: Db,
  row: BroadcastRow,
  query: BroadcastTrackingQuery = { show: 'all', page: 1, limit: 50 },
): Promise<BroadcastTracking> {
  const [summary] = await summaries(db, [row]);
  if (!summary) throw new Error('broadcast summary missing');
  const { rows } = await db.execute<{
    id: number;
    first_name: string | null;
    last_name: string | null;
    asked_as: AskedAs;
    team_names: string[] | null;
    read: boolean;
    acknowledged_at: Date | string | null;
  }>(sql`
    select u.id, u.first_name, u.last_name,
           min(m.asked_as::text) as asked_as,
           array_remove(array_agg(distinct t.name), null) as team_names,
           bool_or(crm.last_read_message_id >= bm.message_id) as read,
           min(ar.acknowledged_at) as acknowledged_at
      from broadcast_messages bm
      join broadcast_recipients m on m.message_id = bm.message_id
      join users u on u.id = m.user_id
      left join ack_recipients ar on ar.message_id = bm.message_id and ar.user_id = u.id
      left join chat_room_members crm on crm.room_id = bm.room_id and crm.user_id = u.id
      left join teams t on t.id = bm.team_id
     where bm.broadcast_id = ${row.id}
     group by u.id, u.first_name, u.last_name`);
  const people = rows.map((p) => ({
    id: Number(p.id),
    firstName: p.first_name ?? '',
    lastName: p.last_name ?? '',
    askedAs: p.asked_as,
    teams: p.team_names ?? [],
    read: p.read === true,
    acknowledgedAt: p.acknowledged_at ? new Date(p.acknowledged_at).toISOString() : null,
  }));
  const byName = (a: (typeof people)[number], b: (typeof people)[number]) =>
    `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`) || a.id - b.id;
  const missing = people.filter((p) => !p.acknowledgedAt).sort(byName);
  const done = people
    .filter((p) => p.acknowledgedAt)
    .sort((a, b) => (a.acknowledgedAt as string).localeCompare(b.acknowledgedAt as string));
  const shown = query.show === 'missing' ? missing : query.show === 'acknowledged' ? done : [...missing, ...done];
  const start = (query.page - 1) * query.limit;
  return {
    ...summary,
    people: shown.slice(start, start + query.limit),
    peoplePages: paginationInfo(query.page, query.limit, shown.length),
    missing: missing.length,
  };
}
