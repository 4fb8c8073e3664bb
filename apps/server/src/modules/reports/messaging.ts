/**
 * Messaging activity (decision 011; its counts and runs are kept as messages arrive, decision 031):
 * - messages per day, by the sender's group (COACHES, ATHLETES, GUARDIANS; admins are STAFF),
 *   in the organization's days, every day of the range listed;
 * - median first-response time per conversation group: in a DIRECT room between an admin of the
 *   organization and a coach, athlete or guardian, each counterpart message that starts an
 *   unanswered run (the previous message is not the counterpart side's) waits until the next
 *   message of an admin of the organization in that room;
 * - unanswered conversations: such rooms whose last message is from the counterpart side.
 */
import {
  type FirstResponseRow,
  formatDuration,
  formatReportDateTime,
  labelOf,
  type MessagingDayRow,
  REPORT_GROUP_LABELS,
  REPORT_ROLE_LABELS,
  type ReportGroup,
  TAB_VALUES,
  type UnansweredRow,
} from '@fieldhouse/shared';
import { type SQL, sql } from 'drizzle-orm';
import {
  adminRoleList,
  fullName,
  GROUP_ROLES,
  groupOfRole,
  iso,
  type Paging,
  pageSql,
  type ReportContext,
  rangeBounds,
  toCsv,
} from './common.ts';

type Range = { from: string; to: string };

/** Moves the pending count changes into the counts (decision 031); safe from several nodes at once. */
export const foldMessageCounts = async (db: ReportContext['db']) => {
  await db.execute(sql`select chat_message_counts_fold()`);
};
const DAY_COLUMNS = ['COACHES', 'ATHLETES', 'GUARDIANS', 'STAFF'] as const;

export async function messagesPerDay(
  ctx: ReportContext,
  range: Range,
  group?: ReportGroup,
): Promise<MessagingDayRow[]> {
  const { tz, lo, hi } = { tz: ctx.timezone, ...rangeBounds(ctx.timezone, range) };
  const roleFilter = group ? sql`and c.sender_role = ${GROUP_ROLES[group]}` : sql``;
  // Sums the kept counts (decision 031), not the messages: one row per 15 minutes and role,
  // once the last seconds' changes are folded in.
  await foldMessageCounts(ctx.db);
  const { rows } = await ctx.db.execute<MessagingDayRow>(sql`
    with m as (
      select (c.slice at time zone ${tz})::date as day, ${groupOfRole(sql`c.sender_role`)} as grp, c.messages
      from chat_message_counts c
      where c.organization_id = ${ctx.organizationId} and c.slice >= ${lo} and c.slice < ${hi} ${roleFilter}
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(sum(m.messages) filter (where m.grp = 'COACHES'), 0)::int as "COACHES",
           coalesce(sum(m.messages) filter (where m.grp = 'ATHLETES'), 0)::int as "ATHLETES",
           coalesce(sum(m.messages) filter (where m.grp = 'GUARDIANS'), 0)::int as "GUARDIANS",
           coalesce(sum(m.messages) filter (where m.grp = 'STAFF'), 0)::int as "STAFF",
           coalesce(sum(m.messages), 0)::int as total
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
    left join m on m.day = d.day::date
    group by d.day
    order by d.day`);
  return rows;
}

/**
 * Direct rooms between an admin of the organization and a coach, athlete or guardian, with the
 * room's group (its counterpart's). Cheap: rooms and members, no messages. `live` leaves out
 * rooms whose counterpart is deleted: nobody is waiting there any more. A room whose admin was
 * deleted stays: someone still waits, and the director sees they wait on a person who has left.
 * Past response times keep both; a deletion does not rewrite history.
 */
const conversationsCte = (ctx: ReportContext, group?: ReportGroup, live = false) => sql`
  conversations as (
    select r.id as room_id, r.uuid as room_uuid, ${groupOfRole(sql`c.role`)} as grp,
           c.id as counterpart_id, c.first_name as c_first, c.last_name as c_last, c.role::text as c_role,
           a.id as admin_id, a.first_name as a_first, a.last_name as a_last
    from chat_rooms r
    join chat_room_members ma on ma.room_id = r.id and ma.reason = 'PARTICIPANT'
    join users a on a.id = ma.user_id and a.role in (${adminRoleList}) and a.organization_id = ${ctx.organizationId}
    join chat_room_members mc on mc.room_id = r.id and mc.reason = 'PARTICIPANT'
    join users c on c.id = mc.user_id and c.role in ('COACH', 'ATHLETE', 'PARENT')
    where r.organization_id = ${ctx.organizationId} and r.kind = 'DIRECT'
      ${group ? sql`and c.role = ${GROUP_ROLES[group]}` : sql``}
      ${live ? sql`and c.status <> 'DELETED'` : sql``}
  )`;

/*
 * The unanswered list reads messages only through `chat_messages_room_time_idx` (room,
 * created_at, id; kept messages only — migration 0025): a `limit 1` step per question and room.
 * The first version scanned every direct message of the organization with window functions
 * (decision 011).
 * A message is kept when it is not deleted and not SYSTEM (the index's predicate, repeated so the
 * planner can use it); its side is 'C' for a coach, athlete or guardian (a minor's guardians are
 * members too) and 'A' for an admin of the organization; anyone else's messages are ignored.
 */
const KEPT = (m: string) => sql.raw(`${m}.deleted_at is null and ${m}.message_type <> 'SYSTEM'`);
const COUNTERPART = (u: string) => sql.raw(`${u}.role in ('COACH', 'ATHLETE', 'PARENT')`);
const ADMIN = (ctx: ReportContext, u: string) =>
  sql`(${sql.raw(u)}.role in (${adminRoleList}) and ${sql.raw(u)}.organization_id = ${ctx.organizationId})`;

/**
 * The first kept, counted message of room `room` in `order` (by created_at, id) that passes
 * `bound`, with its side; `only` keeps one side. Used with `limit 1` from a lateral join.
 */
const step = (ctx: ReportContext, room: SQL, bound: SQL, order: 'asc' | 'desc', only?: 'A' | 'C') => {
  const sides =
    only === 'A'
      ? ADMIN(ctx, 'nu')
      : only === 'C'
        ? COUNTERPART('nu')
        : sql`(${COUNTERPART('nu')} or ${ADMIN(ctx, 'nu')})`;
  return sql`
    select n.id, n.created_at, case when ${COUNTERPART('nu')} then 'C' else 'A' end as side
    from chat_messages n join users nu on nu.id = n.sender_id
    where n.room_id = ${room} and ${KEPT('n')} and ${bound} and ${sides}
    order by n.created_at ${sql.raw(order)}, n.id ${sql.raw(order)} limit 1`;
};

/**
 * The first-response query (exported so the test can EXPLAIN exactly what runs): the runs that
 * start in the range, kept as messages arrive (decision 031), of the school's staff conversations.
 */
export function firstResponseQuery(ctx: ReportContext, range: Range, group?: ReportGroup) {
  const { lo, hi } = rangeBounds(ctx.timezone, range);
  return sql`
    with ${conversationsCte(ctx, group)}
    select cv.grp, count(*)::int as started, count(x.replied_at)::int as answered,
           percentile_cont(0.5) within group (order by extract(epoch from x.replied_at - x.started_at))
             filter (where x.replied_at is not null) as median
    from conversations cv
    join chat_response_runs x on x.room_id = cv.room_id and x.started_at >= ${lo} and x.started_at < ${hi}
    group by cv.grp`;
}

type FirstResponseSqlRow = { grp: ReportGroup; started: number; answered: number; median: number | string | null };

export async function firstResponse(
  ctx: ReportContext,
  range: Range,
  group?: ReportGroup,
): Promise<FirstResponseRow[]> {
  const { rows } = await ctx.db.execute<FirstResponseSqlRow>(firstResponseQuery(ctx, range, group));
  const groups: readonly ReportGroup[] = group ? [group] : TAB_VALUES;
  return groups.map((g) => {
    const row = rows.find((r) => r.grp === g);
    return {
      group: g,
      conversationsStarted: row?.started ?? 0,
      answered: row?.answered ?? 0,
      medianSeconds: row?.median === null || row?.median === undefined ? null : Number(row.median),
    };
  });
}

/**
 * The unanswered list (exported so the test can EXPLAIN it): per conversation four index steps —
 * its last message (must be the counterpart's), its last admin message, the first counterpart
 * message after that (the run's start) and the count of the run.
 */
export function unansweredQuery(ctx: ReportContext, group: ReportGroup | undefined, paging: Paging) {
  const room = sql`cv.room_id`;
  const afterLastAdmin = sql`(n.created_at, n.id) > (coalesce(la.created_at, '-infinity'::timestamptz), coalesce(la.id, 0))`;
  return sql`
    with ${conversationsCte(ctx, group, true)}
    select cv.room_id, cv.room_uuid, cv.grp, cv.counterpart_id, cv.c_first, cv.c_last, cv.c_role,
           cv.admin_id, cv.a_first, cv.a_last, rs.created_at as waiting_since, lm.created_at as last_message_at,
           (select count(*) from chat_messages n join users nu on nu.id = n.sender_id
             where n.room_id = cv.room_id and ${KEPT('n')} and ${COUNTERPART('nu')}
               and (n.created_at, n.id) >= (rs.created_at, rs.id))::int as waiting_messages,
           extract(epoch from now() - rs.created_at) as waiting_seconds,
           count(*) over ()::int as total
    from conversations cv
    cross join lateral (${step(ctx, room, sql`true`, 'desc')}) lm
    left join lateral (${step(ctx, room, sql`true`, 'desc', 'A')}) la on true
    cross join lateral (${step(ctx, room, afterLastAdmin, 'asc', 'C')}) rs
    where lm.side = 'C'
    order by rs.created_at, cv.room_id
    ${pageSql(paging)}`;
}

type UnansweredSqlRow = {
  room_id: number;
  room_uuid: string;
  grp: ReportGroup;
  counterpart_id: number;
  c_first: string;
  c_last: string | null;
  c_role: string;
  admin_id: number;
  a_first: string;
  a_last: string | null;
  waiting_since: Date | string;
  last_message_at: Date | string;
  waiting_messages: number;
  waiting_seconds: number | string;
  total: number;
};

export async function unansweredConversations(
  ctx: ReportContext,
  group: ReportGroup | undefined,
  paging: Paging,
): Promise<{ result: UnansweredRow[]; totalCount: number }> {
  const { rows } = await ctx.db.execute<UnansweredSqlRow>(unansweredQuery(ctx, group, paging));
  if (!rows[0] && paging && paging.page > 1) {
    return { result: [], totalCount: (await unansweredConversations(ctx, group, { page: 1, limit: 1 })).totalCount };
  }
  return {
    result: rows.map((r) => ({
      roomId: r.room_id,
      roomUuid: r.room_uuid,
      group: r.grp,
      counterpart: { id: r.counterpart_id, name: fullName(r.c_first, r.c_last), role: r.c_role },
      admin: { id: r.admin_id, name: fullName(r.a_first, r.a_last) },
      waitingSince: iso(r.waiting_since),
      lastMessageAt: iso(r.last_message_at),
      waitingMessages: r.waiting_messages,
      waitingSeconds: Math.max(0, Math.floor(Number(r.waiting_seconds))),
    })),
    totalCount: rows[0]?.total ?? 0,
  };
}

export const messagingCsv = (days: MessagingDayRow[], responses: FirstResponseRow[]) => {
  const lines = toCsv(
    ['Day', ...DAY_COLUMNS.map((g) => REPORT_GROUP_LABELS[g]), 'Total'],
    days.map((d) => [d.day, ...DAY_COLUMNS.map((g) => d[g]), d.total]),
  );
  const summary = toCsv(
    ['Group', 'Conversations started', 'Answered', 'Median first response', 'Median first response (seconds)'],
    responses.map((r) => [
      REPORT_GROUP_LABELS[r.group],
      r.conversationsStarted,
      r.answered,
      r.medianSeconds === null ? '' : formatDuration(r.medianSeconds),
      r.medianSeconds === null ? '' : Math.round(r.medianSeconds),
    ]),
  );
  // Two tables in one file, a blank line between: the daily counts, then the response times.
  return `${lines}\r\n${summary}`;
};

/** Date-times in the school's zone, readable; the zone is named in the header. */
export const unansweredCsv = (rows: UnansweredRow[], timezone: string) =>
  toCsv(
    [
      'Waiting',
      'From',
      'Role',
      'Group',
      'Staff member',
      `Since (${timezone})`,
      `Last message (${timezone})`,
      'Messages',
      'Waiting (seconds)',
    ],
    rows.map((r) => [
      formatDuration(r.waitingSeconds),
      r.counterpart.name,
      labelOf(REPORT_ROLE_LABELS, r.counterpart.role),
      REPORT_GROUP_LABELS[r.group],
      r.admin?.name,
      formatReportDateTime(r.waitingSince, timezone),
      formatReportDateTime(r.lastMessageAt, timezone),
      r.waitingMessages,
      r.waitingSeconds,
    ]),
  );
