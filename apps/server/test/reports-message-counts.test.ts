/**
 * The messaging report's kept counts and runs (decision 031): after every path that adds, removes
 * or re-attributes a message — bulk rows, a send, an edit, an unsend, a time pinned afterwards, a
 * role change, a user removed, a room removed, a school removed, parallel sends — the counts
 * equal a recount of the messages themselves, the runs equal runs made again from the messages
 * (reports-first-response.test.ts checks those against a window query), and the report reads them.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendMessage } from '../src/modules/chat/messages.ts';
import { ensureDirectRoom } from '../src/modules/chat/rooms.ts';
import { editMessage, unsendMessage } from '../src/modules/message-controls/service.ts';
import { FOLD_SECONDS } from '../src/modules/reports/fold-job.ts';
import { foldMessageCounts } from '../src/modules/reports/messaging.ts';
import { as, withSchools } from './helpers/directory.ts';

const fixture = withSchools();
const db = () => fixture.app.testDatabase.db;

type CountRow = { organization_id: number; slice: string; sender_role: string; messages: number };

/** The kept table once the pending changes are folded in, without the slices back at zero. */
const kept = async () => {
  await foldMessageCounts(db());
  const { rows } = await db().execute<CountRow>(sql`
    select organization_id, to_char(slice at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as slice,
           sender_role::text, messages
    from chat_message_counts where messages <> 0 order by 1, 2, 3`);
  return rows;
};
const pendingChanges = async () => (await db().execute(sql`select 1 from chat_message_count_changes`)).rows.length;

/** The same figures counted from the messages. */
const recount = async () =>
  (
    await db().execute<CountRow>(sql`
      select r.organization_id, to_char(chat_message_slice(m.created_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as slice,
             u.role::text as sender_role, count(*)::int as messages
      from chat_messages m join chat_rooms r on r.id = m.room_id join users u on u.id = m.sender_id
      where m.deleted_at is null and m.message_type <> 'SYSTEM' and u.role is not null
      group by 1, 2, 3 order by 1, 2, 3`)
  ).rows;

/** Every DIRECT room's first-response runs as kept, then as made again from the messages. */
const runs = () =>
  db().execute(sql`select message_id::text, room_id, started_at, replied_at from chat_response_runs order by 1`);
const rebuiltRuns = async () => {
  await db().execute(sql`select chat_response_runs_refresh(id, '-infinity') from chat_rooms where kind = 'DIRECT'`);
  return runs();
};

const expectInStep = async () => {
  const counted = await recount();
  expect(await kept()).toEqual(counted);
  const keptRuns = (await runs()).rows;
  expect(keptRuns).toEqual((await rebuiltRuns()).rows);
  return counted;
};

describe('kept message counts', () => {
  it('follow every path that adds, removes or re-attributes a message', async () => {
    const { school, other } = fixture;
    const room = await ensureDirectRoom(db(), school.director, school.coach);
    const seniorRoom = await ensureDirectRoom(db(), school.administrator, school.athlete2);
    const otherRoom = await ensureDirectRoom(db(), other.director, other.coach);

    // Bulk rows, as seeds and imports write them: some deleted, some SYSTEM, over many slices.
    await db().execute(sql`
      insert into chat_messages (room_id, sender_id, content, message_type, created_at, deleted_at)
      select case when i % 2 = 0 then ${room.id}::int else ${seniorRoom.id}::int end,
             case when i % 2 = 0 then ${school.coach.id}::int else ${school.athlete2.id}::int end, 'old',
             (case when i % 7 = 0 then 'SYSTEM' else 'TEXT' end)::chat_message_type,
             timestamptz '2026-03-01 00:00:00+00' + i * interval '7 minutes',
             case when i % 5 = 0 then now() end
      from generate_series(1, 400) as i`);
    expect((await expectInStep()).length).toBeGreaterThan(100);

    // Sends, an edit (no change), an unsend, and a send pinned to another time afterwards.
    const sent = [];
    for (const [sender, r] of [
      [school.director, room],
      [school.coach, room],
      [school.athlete2, seniorRoom],
      [other.coach, otherRoom],
    ] as const) {
      sent.push((await sendMessage(db(), sender, r, { content: 'hello', messageType: 'TEXT' })).message);
    }
    await editMessage(db(), school.director, sent[0]?.id as number, 'hello again');
    await unsendMessage(db(), school.coach, sent[1]?.id as number);
    await db().execute(
      sql`update chat_messages set created_at = '2026-02-14 12:05:00+00' where id = ${sent[2]?.id as number}`,
    );
    await expectInStep();

    // A role change moves the person's messages to the new role: the athlete of 20 becomes a coach.
    const director = await as(fixture.app, school.director);
    const res = await director.patch(`/api/user/${school.athlete2.id}`, { role: 'COACH' });
    expect(res.statusCode, res.body).toBe(200);
    const roles = (await expectInStep())
      .filter((row) => row.organization_id === school.org.id)
      .map((row) => row.sender_role);
    expect(roles).not.toContain('ATHLETE');
    expect(roles).toContain('COACH');

    // A message moved to another conversation; a person who left a conversation changes side
    // (their old messages there become an admin's); a role taken away, then given back.
    await db().execute(sql`update chat_messages set room_id = ${room.id}
      where id = (select max(id) from chat_messages where room_id = ${seniorRoom.id} and deleted_at is null)`);
    await expectInStep();
    await db().execute(
      sql`delete from chat_room_members where room_id = ${seniorRoom.id} and user_id = ${school.athlete2.id}`,
    );
    await db().execute(sql`update users set role = 'ATHLETIC_ADMINISTRATOR' where id = ${school.athlete2.id}`);
    await expectInStep();
    await db().execute(sql`update users set role = null where id = ${school.coach.id}`);
    await expectInStep();
    await db().execute(sql`update users set role = 'COACH' where id = ${school.coach.id}`);
    await expectInStep();

    // A user removed (their messages stay, without a sender), a room removed, a school removed.
    await db().execute(sql`delete from users where id = ${school.administrator.id}`);
    await expectInStep();
    await db().execute(sql`delete from chat_rooms where id = ${room.id}`);
    await expectInStep();
    await db().execute(sql`delete from users where organization_id = ${other.org.id}`);
    await db().execute(sql`delete from organizations where id = ${other.org.id}`);
    const after = await expectInStep();
    expect(after.some((row) => row.organization_id === other.org.id)).toBe(false);
    expect(
      (await db().execute(sql`select 1 from chat_message_counts where organization_id = ${other.org.id}`)).rows,
    ).toEqual([]);

    // The migration's backfill (its last statement) makes the same figures from the messages.
    await db().execute(sql`delete from chat_message_counts`);
    await db().execute(sql`select chat_message_counts_of(null, null, 1)`);
    expect(await kept()).toEqual(after);
  });

  it('stay exact under parallel sends to one conversation from both sides, and folds among them', async () => {
    const { school } = fixture;
    const room = await ensureDirectRoom(db(), school.director, school.parent);
    const before = await kept();
    // Folds (as two nodes' jobs would) race with the sends.
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) =>
        sendMessage(db(), i % 2 ? school.director : school.parent, room, {
          content: `parallel ${i}`,
          messageType: 'TEXT',
        }),
      ),
      ...Array.from({ length: 6 }, () => foldMessageCounts(db())),
    ]);
    const roomRuns = sql`select 1 from chat_response_runs where room_id = ${room.id}`;
    const keptRuns = (await db().execute(roomRuns)).rows.length;
    const counted = await expectInStep();
    const total = (rows: CountRow[]) => rows.reduce((n, row) => n + row.messages, 0);
    expect(total(counted) - total(before)).toBe(40);
    // The guardian's messages started runs (expectInStep compared them with runs made again).
    expect(keptRuns).toBeGreaterThan(0);
  });

  it('are folded in by each node’s job, report or not', async () => {
    const { school } = fixture;
    const room = await ensureDirectRoom(db(), school.director, school.coach);
    await sendMessage(db(), school.coach, room, { content: 'for the job', messageType: 'TEXT' });
    expect(await pendingChanges()).toBeGreaterThan(0);
    const deadline = Date.now() + (FOLD_SECONDS + 5) * 1000;
    while ((await pendingChanges()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await pendingChanges()).toBe(0);
    await expectInStep();
  }, 30_000);

  it('feed the report: a day is the sum of its slices in the school’s time zone', async () => {
    const { app, school } = fixture;
    await db().execute(sql`update organizations set timezone = 'America/Chicago' where id = ${school.org.id}`);
    const room = await ensureDirectRoom(db(), school.director, school.athlete);
    // Summer time began on 8 March: 04:59 and 05:00 UTC on the 10th are 23:59 on the 9th and
    // 00:00 on the 10th in Chicago.
    for (const at of ['2026-03-10 04:59:00+00', '2026-03-10 05:00:00+00', '2026-03-10 05:14:59+00']) {
      const { message } = await sendMessage(db(), school.athlete, room, { content: 'late', messageType: 'TEXT' });
      await db().execute(sql`update chat_messages set created_at = ${at} where id = ${message.id}`);
    }
    const director = await as(app, school.director);
    const res = await director.get('/api/reports/messaging?from=2026-03-09&to=2026-03-10&group=ATHLETES');
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().data.days as { day: string; ATHLETES: number }[];
    expect(days.map((d) => [d.day, d.ATHLETES])).toEqual([
      ['2026-03-09', 1],
      ['2026-03-10', 2],
    ]);
  });
});
