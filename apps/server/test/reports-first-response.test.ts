/**
 * First-response figures and the unanswered list from the room-time index (decision 011, issue 19
 * item 5). A school with a long message history (bulk rows in 2025) and a mixed March 2026: the
 * figures are checked against run starts computed here by a plain window query over every message
 * and counted in TypeScript, and EXPLAIN ANALYZE shows what each query reads from chat_messages:
 * the reference scans the whole history, the report only the range and a step either side.
 */
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppUser } from '../src/modules/auth/authenticate.ts';
import { ensureDirectRoom, type Room } from '../src/modules/chat/rooms.ts';
import { firstResponseQuery, unansweredQuery } from '../src/modules/reports/messaging.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';

let app: TestApp;
let school: School;
let director: Awaited<ReturnType<typeof as>>;
const ctx = () => ({ db: app.testDatabase.db, organizationId: school.org.id, timezone: 'America/Chicago' });
const HISTORY_PER_ROOM = 4000;
/** The staff conversations: room, admin, counterpart. */
const staffRooms: [Room, AppUser, AppUser][] = [];
const range = { from: '2026-03-01', to: '2026-03-31' };

const get = async (url: string) => {
  const res = await director.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A deterministic sequence (a linear congruential generator), so a failure can be replayed. */
function lcg(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Lakeside High');
  director = await as(app, school.director);
  const db = app.testDatabase.db;
  await db.execute(sql`update organizations set timezone = 'America/Chicago' where id = ${school.org.id}`);
  const pairs: [AppUser, AppUser][] = [
    [school.director, school.coach],
    [school.administrator, school.athlete2],
    [school.director, school.parent],
  ];
  const rooms = staffRooms;
  for (const [admin, counterpart] of pairs)
    rooms.push([await ensureDirectRoom(db, admin, counterpart), admin, counterpart]);
  const noAdmin = await ensureDirectRoom(db, school.coach, school.athlete);

  // The history: every third message the admin's, a deleted and a SYSTEM message now and then.
  for (const [room, admin, counterpart] of rooms) {
    await db.execute(sql`
      insert into chat_messages (room_id, sender_id, content, message_type, created_at, deleted_at)
      select ${room.id}::int, case when i % 3 = 0 then ${admin.id}::int else ${counterpart.id}::int end, 'old',
             (case when i % 97 = 0 then 'SYSTEM' else 'TEXT' end)::chat_message_type,
             timestamptz '2025-01-01 00:00:00+00' + i * interval '1 hour',
             case when i % 89 = 0 then now() end
      from generate_series(1, ${HISTORY_PER_ROOM}::int) as i`);
  }
  // March 2026: 30 messages a room at random minutes and senders, some deleted or SYSTEM; the
  // run that crosses 1 March starts in February (not counted) and is answered in March.
  const next = lcg(19);
  for (const [room, admin, counterpart] of rooms) {
    await db.execute(sql`
      insert into chat_messages (room_id, sender_id, content, created_at)
      values (${room.id}, ${counterpart.id}, 'late Feb', timestamptz '2026-02-28 23:00:00-06')`);
    for (let k = 0; k < 30; k += 1) {
      const at = new Date(Date.parse('2026-03-01T06:00:00Z') + Math.floor(next() * 30 * 24 * 60) * 60_000);
      const sender = next() < 0.4 ? admin : counterpart;
      const kind = next();
      await db.execute(sql`
        insert into chat_messages (room_id, sender_id, content, message_type, created_at, deleted_at)
        values (${room.id}, ${sender.id}, 'march', ${kind < 0.05 ? 'SYSTEM' : 'TEXT'}::chat_message_type,
                ${at.toISOString()}::timestamptz, ${kind > 0.95 ? sql`now()` : sql`null`})`);
    }
  }
  // The last room ends on its counterpart, the first on its admin: one waits, one does not.
  const [first, , last] = rooms;
  if (!first || !last) throw new Error('rooms');
  await db.execute(sql`
    insert into chat_messages (room_id, sender_id, content, created_at) values
      (${first[0].id}, ${first[1].id}, 'answer', timestamptz '2026-04-02 09:00:00-05'),
      (${last[0].id}, ${last[2].id}, 'waiting', timestamptz '2026-04-02 09:00:00-05'),
      (${noAdmin.id}, ${school.coach.id}, 'not a staff conversation', timestamptz '2026-03-10 09:00:00-05')`);
  await db.execute(sql`analyze chat_messages`);
  await db.execute(sql`analyze users`);
});
afterAll(async () => {
  await app.close();
});

/**
 * The reference: every kept message of the school's staff conversations with its side and the
 * previous side (a window over the whole history), as rows for TypeScript to count.
 */
const referenceSql = (orgId: number) => sql`
  with conv as (
    select r.id as room_id,
           max(case c.role when 'COACH' then 'COACHES' when 'ATHLETE' then 'ATHLETES' when 'PARENT' then 'GUARDIANS' end) as grp
    from chat_rooms r
    join chat_room_members mc on mc.room_id = r.id and mc.reason = 'PARTICIPANT'
    join users c on c.id = mc.user_id and c.role in ('COACH', 'ATHLETE', 'PARENT')
    where r.organization_id = ${orgId} and r.kind = 'DIRECT'
      and exists (select 1 from chat_room_members ma join users a on a.id = ma.user_id
                  where ma.room_id = r.id and ma.reason = 'PARTICIPANT' and a.organization_id = ${orgId}
                    and a.role in ('SUPER_ADMIN', 'ATHLETIC_DIRECTOR', 'ATHLETIC_ADMINISTRATOR', 'ASSISTANT_ATHLETIC_DIRECTOR'))
    group by r.id
  ),
  msgs as (
    select m.id, m.room_id, conv.grp, m.created_at,
           case when u.role in ('COACH', 'ATHLETE', 'PARENT') then 'C' else 'A' end as side
    from conv join chat_messages m on m.room_id = conv.room_id join users u on u.id = m.sender_id
    where m.deleted_at is null and m.message_type::text <> 'SYSTEM'
      and (u.role in ('COACH', 'ATHLETE', 'PARENT') or u.organization_id = ${orgId})
  )
  select id, room_id, grp, created_at, side,
         lag(side) over (partition by room_id order by created_at, id) as prev_side
  from msgs order by room_id, created_at, id`;

type RefRow = {
  id: number;
  room_id: number;
  grp: string;
  created_at: Date | string;
  side: 'A' | 'C';
  prev_side: string | null;
};
const ms = (v: Date | string) => new Date(v).getTime();

async function reference() {
  const { rows } = await app.testDatabase.db.execute<RefRow>(referenceSql(school.org.id));
  return rows.map((r) => ({ ...r, id: Number(r.id), at: ms(r.created_at) }));
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? null : s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Walks EXPLAIN (ANALYZE, FORMAT JSON) and adds up what each scan of chat_messages read. */
async function messageReads(query: SQL) {
  const { rows } = await app.testDatabase.db.execute<Record<string, unknown>>(
    sql`explain (analyze, format json) ${query}`,
  );
  const raw = Object.values(rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };
  const scans: { type: string; index?: string; rows: number }[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'chat_messages') {
      const loops = Number(node['Actual Loops'] ?? 1);
      const read = Number(node['Actual Rows'] ?? 0) + Number(node['Rows Removed by Filter'] ?? 0);
      scans.push({
        type: String(node['Node Type']),
        index: node['Index Name'] as string | undefined,
        rows: read * loops,
      });
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  for (const p of plan) walk(p.Plan);
  return { scans, rows: scans.reduce((n, s) => n + s.rows, 0) };
}

/** Each range's report against the reference counted here from every message. */
async function expectReferenceFigures() {
  const ref = await reference();
  // Each range with its bounds in Chicago (UTC-6 in winter, UTC-5 from the second Sunday of March).
  const ranges = [
    { ...range, lo: '2026-03-01T00:00:00-06:00', hi: '2026-04-01T00:00:00-05:00' },
    { from: '2026-03-10', to: '2026-03-20', lo: '2026-03-10T00:00:00-05:00', hi: '2026-03-21T00:00:00-05:00' },
    { from: '2025-03-01', to: '2025-03-31', lo: '2025-03-01T00:00:00-06:00', hi: '2025-04-01T00:00:00-05:00' },
  ];
  for (const r of ranges) {
    const loAt = ms(r.lo);
    const hiAt = ms(r.hi);
    const expected = ['COACHES', 'ATHLETES', 'GUARDIANS'].map((group) => {
      const starts = ref.filter(
        (m) => m.grp === group && m.side === 'C' && m.prev_side !== 'C' && m.at >= loAt && m.at < hiAt,
      );
      const waits = starts.flatMap((s) => {
        const reply = ref.find(
          (m) => m.room_id === s.room_id && m.side === 'A' && (m.at > s.at || (m.at === s.at && m.id > s.id)),
        );
        return reply ? [(reply.at - s.at) / 1000] : [];
      });
      return { group, conversationsStarted: starts.length, answered: waits.length, medianSeconds: median(waits) };
    });
    expect(expected.some((g) => g.conversationsStarted > 0)).toBe(true);
    expect((await get(`/api/reports/messaging?from=${r.from}&to=${r.to}`)).firstResponse).toEqual(expected);
  }
}

describe('first response from the kept runs', () => {
  it('matches run starts counted from every message, per group and range', async () => {
    await expectReferenceFigures();
  });

  it('lists the waiting conversations as the last message of every room says', async () => {
    const ref = await reference();
    const byRoom = new Map<number, typeof ref>();
    for (const m of ref) byRoom.set(m.room_id, [...(byRoom.get(m.room_id) ?? []), m]);
    const expected = [...byRoom.values()]
      .filter((msgs) => msgs.at(-1)?.side === 'C')
      .map((msgs) => {
        const lastAdmin = msgs.findLastIndex((m) => m.side === 'A');
        const run = msgs.slice(lastAdmin + 1);
        return {
          roomId: msgs[0]?.room_id,
          waitingSince: new Date((run[0] as { at: number }).at).toISOString(),
          lastMessageAt: new Date((msgs.at(-1) as { at: number }).at).toISOString(),
          waitingMessages: run.length,
        };
      })
      .sort((a, b) => a.waitingSince.localeCompare(b.waitingSince));
    expect(expected.length).toBeGreaterThanOrEqual(1);
    const data = await get('/api/reports/unanswered');
    expect(
      data.result.map((r: Record<string, unknown>) => ({
        roomId: r.roomId,
        waitingSince: r.waitingSince,
        lastMessageAt: r.lastMessageAt,
        waitingMessages: r.waitingMessages,
      })),
    ).toEqual(expected);
  });

  it('reads the kept runs of the range and no message; the unanswered list steps (EXPLAIN ANALYZE)', async () => {
    const history = 3 * HISTORY_PER_ROOM;
    const before = await messageReads(referenceSql(school.org.id));
    expect(before.rows).toBeGreaterThanOrEqual(history);

    const first = await messageReads(firstResponseQuery(ctx(), range));
    expect(first.scans).toEqual([]);

    const waiting = await messageReads(unansweredQuery(ctx(), undefined, { page: 1, limit: 25 }));
    expect(waiting.scans.filter((s) => s.type === 'Seq Scan')).toEqual([]);
    expect(waiting.rows).toBeLessThan(200);
  });

  it('keeps matching through unsends, late and moved messages, a role change and a user removed', async () => {
    const db = app.testDatabase.db;
    const march = sql`created_at >= '2026-03-05' and created_at < '2026-03-25'`;
    // Unsend a few March messages of each side (runs merge or split around them).
    await db.execute(sql`
      update chat_messages set deleted_at = now()
      where id in (select id from chat_messages where ${march} and deleted_at is null order by id limit 6)`);
    await expectReferenceFigures();
    // An admin's reply written into the middle of a room's March (an import, a clock fixed).
    const [room, admin] = staffRooms[2] ?? [];
    if (!room || !admin) throw new Error('rooms');
    await db.execute(sql`
      insert into chat_messages (room_id, sender_id, content, created_at)
      values (${room.id}, ${admin.id}, 'late reply', timestamptz '2026-03-15 12:00:00-05')`);
    await expectReferenceFigures();
    // A counterpart message moved to another day.
    await db.execute(sql`
      update chat_messages set created_at = created_at + interval '2 days'
      where id = (select id from chat_messages where ${march} and room_id = ${room.id} and sender_id <> ${admin.id} order by id limit 1)`);
    await expectReferenceFigures();
    // The administrator becomes a coach (their messages change side, their room is no staff
    // conversation) and then an administrator again: each role change redoes their rooms.
    await db.execute(sql`update users set role = 'COACH' where id = ${school.administrator.id}`);
    await expectReferenceFigures();
    const [seniorRoom] = staffRooms[1] ?? [];
    await db.execute(sql`
      insert into chat_messages (room_id, sender_id, content, created_at) values
        (${seniorRoom?.id}, ${school.athlete2.id}, 'question', timestamptz '2026-03-26 09:00:00-05'),
        (${seniorRoom?.id}, ${school.administrator.id}, 'answer as a coach', timestamptz '2026-03-26 10:00:00-05'),
        (${seniorRoom?.id}, ${school.athlete2.id}, 'thanks', timestamptz '2026-03-26 11:00:00-05')`);
    await db.execute(sql`update users set role = 'ATHLETIC_ADMINISTRATOR' where id = ${school.administrator.id}`);
    await expectReferenceFigures();
    // A guardian removed: their messages stay without a sender and leave the figures.
    await db.execute(sql`delete from users where id = ${school.parent.id}`);
    await expectReferenceFigures();
  });
});
