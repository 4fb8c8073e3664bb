/**
 * A district's worth of chat history for benchmarks: `npm run seed -- --messages 10000000`.
 * The school's athletic director has a direct conversation with every active adult of the
 * school (coaches, guardians, staff; adults only, so no conversation needs a guardian added), and
 * the messages are spread over those rooms, a few seconds apart, oldest first. Rows are made by
 * PostgreSQL itself (`generate_series`), in chunks, so ten million take minutes, not hours.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Messages per statement: big enough to be quick, small enough to show progress often. */
const CHUNK = 200_000;
/** Seconds between consecutive seeded messages (10,000,000 span about seven months). */
const SPACING_SECONDS = 2;

export async function seedBulkMessages(
  db: Db,
  options: { count: number; organizationId: number; onProgress?: (done: number) => void },
): Promise<{ rooms: number; directorId: number }> {
  const { rows: directors } = await db.execute<{ id: number }>(sql`
    select id from users
    where organization_id = ${options.organizationId} and role = 'ATHLETIC_DIRECTOR' and status = 'ACTIVE'
    order by id limit 1`);
  const directorId = directors[0]?.id;
  if (directorId === undefined) throw new Error('The organization has no active athletic director');

  // One direct room per adult (the demo's own rooms are kept and used as they are).
  const adults = sql`u.organization_id = ${options.organizationId} and u.status = 'ACTIVE' and u.id <> ${directorId}
    and u.role in ('COACH', 'PARENT', 'ATHLETIC_ADMINISTRATOR', 'ASSISTANT_ATHLETIC_DIRECTOR')`;
  const { rows: rooms } = await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into chat_rooms (organization_id, kind, direct_key)
      select ${options.organizationId}, 'DIRECT', least(u.id, ${directorId})::text || ':' || greatest(u.id, ${directorId})::text
      from users u
      where ${adults}
      on conflict (direct_key) do nothing`);
    const found = await tx.execute<{ room_id: number; other_id: number }>(sql`
      select r.id as room_id, u.id as other_id
      from users u
      join chat_rooms r on r.direct_key = least(u.id, ${directorId})::text || ':' || greatest(u.id, ${directorId})::text
      where ${adults}
      order by r.id`);
    await tx.execute(sql`
      insert into chat_room_members (room_id, user_id)
      select r.room_id, m.user_id
      from unnest(${sql.raw(intArray(found.rows.map((r) => r.room_id)))}::int[], ${sql.raw(intArray(found.rows.map((r) => r.other_id)))}::int[]) as r(room_id, other_id)
      cross join lateral (values (${directorId}), (r.other_id)) as m(user_id)
      on conflict do nothing`);
    return found;
  });
  if (rooms.length === 0) throw new Error('The organization has no active adults to talk with');
  const roomIds = intArray(rooms.map((r) => r.room_id));
  const otherIds = intArray(rooms.map((r) => r.other_id));

  const oldest = Date.now() - options.count * SPACING_SECONDS * 1000;
  for (let done = 0; done < options.count; ) {
    const size = Math.min(CHUNK, options.count - done);
    // Message g goes to room g mod R; every third one is the director's, the rest the other side's.
    await db.execute(sql`
      insert into chat_messages (room_id, sender_id, content, created_at)
      select s.room_id, case when g % 3 = 0 then ${directorId} else s.other_id end,
             'Seeded message ' || g,
             to_timestamp(${oldest / 1000}::float8 + g * ${SPACING_SECONDS}::float8)
      from generate_series(${done}::bigint, ${done + size - 1}::bigint) as g
      join unnest(${sql.raw(roomIds)}::int[], ${sql.raw(otherIds)}::int[]) with ordinality as s(room_id, other_id, n)
        on s.n = g % ${rooms.length} + 1`);
    // The report's counts (decision 031): folded per chunk, so no fold meets ten million changes.
    await db.execute(sql`select chat_message_counts_fold()`);
    done += size;
    options.onProgress?.(done);
  }

  // What the send path keeps up to date: each room's last message time, and the director's unread
  // count and read position (0–20 unread, varying by room).
  await db.execute(sql`
    update chat_rooms r set last_message_at = last.created_at
    from (
      select s.room_id, (select max(created_at) from chat_messages where room_id = s.room_id) as created_at
      from unnest(${sql.raw(roomIds)}::int[]) as s(room_id)
    ) last
    where r.id = last.room_id`);
  await db.execute(sql`
    update chat_room_members m
    set unread_count = m.room_id % 21,
        last_read_message_id = (
          select id from chat_messages where room_id = m.room_id order by id desc offset m.room_id % 21 limit 1
        )
    where m.user_id = ${directorId} and m.room_id = any(${sql.raw(roomIds)}::int[])`);
  await db.execute(sql`analyze chat_messages`);
  await db.execute(sql`analyze chat_room_members`);
  await db.execute(sql`analyze chat_rooms`);
  await db.execute(sql`analyze chat_response_runs`);
  await db.execute(sql`analyze chat_message_counts`);
  return { rooms: rooms.length, directorId };
}

/** An int[] literal: thousands of ids as one parameter-free value (they are numbers from the database). */
function intArray(ids: number[]) {
  if (!ids.every(Number.isInteger)) throw new Error('ids must be whole numbers');
  return `'{${ids.join(',')}}'`;
}
