/**
 * The one statement that stores messages: any number of them, for any rooms, with each room's
 * lock, membership, hold and reply checks, and every member's counters, in one round trip and one
 * commit. A single send is a batch of one; `send-batcher.ts` groups the sends that arrive together.
 */
import { randomUUID } from 'node:crypto';
import type { MessageType } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { chatMessages, chatRoomMembers, chatRooms } from '../../db/schema/index.ts';
import { serviceUnavailable } from '../../errors.ts';

export type MessageRow = typeof chatMessages.$inferSelect;

export type StoreInput = {
  roomId: number;
  senderId: number;
  clientId: string | null;
  content: string;
  messageType: MessageType;
  replyToId: number | null;
  /** Stored only when the sender is a member of the room (checked inside the statement). */
  memberOnly: boolean;
};

/** One input's outcome, in the inputs' order. */
export type StoreOutcome = {
  /** The stored row; null when nothing was stored (see the other fields, or a resend). */
  message: MessageRow | null;
  /** Null when there is no such room, or `memberOnly` and the sender is no member. */
  roomUuid: string | null;
  /** The room's safeguarding hold (decision 018): nothing stored while it is set. */
  hold: string | null;
  replyOk: boolean;
  /** The room's members whose counters moved (empty when nothing was stored in the room). */
  memberIds: number[];
};

type OutcomeRow = {
  message: Record<string, unknown> | null;
  room_uuid: string | null;
  hold: string | null;
  reply_ok: boolean | null;
  member_ids: number[];
  stale: boolean | null;
};

/**
 * Stores the inputs in arrival order (ids ascend with it, so catch-up pages by id keep it). The
 * rooms' rows are locked first, in id order: concurrent statements then never deadlock, and sends
 * to one room take ids in commit order. A member's unread count rises by the others' messages
 * after their own last one in the batch; their read position moves to that last one.
 */
export async function storeMessages(db: Db, inputs: readonly StoreInput[]): Promise<StoreOutcome[]> {
  const outcomes: (StoreOutcome | undefined)[] = new Array(inputs.length);
  let waiting = inputs.map((input, at) => ({ input, at }));
  // Each pass stores what it can; inputs whose room's members changed while it waited go again
  // with a fresh view. A reconcile is rare and quick: a few passes at most, even for a busy room.
  for (let pass = 1; waiting.length > 0; pass++) {
    if (pass > STALE_PASSES) throw serviceUnavailable('The conversation is changing; send it again', 'room_changing');
    const results = await storeOnce(
      db,
      waiting.map((w) => w.input),
    );
    const again: typeof waiting = [];
    for (const [i, result] of results.entries()) {
      const w = waiting[i] as (typeof waiting)[number];
      if (result.stale) again.push(w);
      else outcomes[w.at] = result.outcome;
    }
    waiting = again;
  }
  return outcomes as StoreOutcome[];
}

/** How many times one input may find its room's members changed under it before the send fails (503). */
const STALE_PASSES = 5;

async function storeOnce(db: Db, inputs: readonly StoreInput[]): Promise<{ outcome: StoreOutcome; stale: boolean }[]> {
  // Each input gets its uuid here, so a stored row is matched back to its input by it.
  const rows = inputs.map((input, idx) => ({
    idx,
    uuid: randomUUID(),
    room_id: input.roomId,
    sender_id: input.senderId,
    client_id: input.clientId,
    content: input.content,
    message_type: input.messageType,
    reply_to_id: input.replyToId,
    member_only: input.memberOnly,
  }));
  // Prepared under a name per batch size (the size is in the text, for the planner): parsed and
  // planned once per connection and size, not for every batch (0.4 ms of a 1.5 ms statement).
  const { rows: outcomes } = await executeNamed<OutcomeRow>(
    db,
    `store_messages_${rows.length}`,
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as t(idx int, uuid uuid, room_id int,
        sender_id int, client_id uuid, content text, message_type chat_message_type, reply_to_id bigint, member_only boolean)
      -- Tells the planner how many rows come (it guesses 100): it then checks memberships and
      -- replies by index, not by reading every member of every room.
      limit ${sql.raw(String(rows.length))}
    ), lock as (
      select id, uuid, safeguarding_hold, members_version
      from ${chatRooms} where id in (select room_id from input) order by id for update
    ), checked as (
      -- The lock gives the room's row as last committed; every other read here is the snapshot
      -- the statement began with. If the members changed in between (a reconcile committed while
      -- this waited for the room), the membership check and the counters below would read the
      -- old members: such a room's inputs are stored by the next statement instead ("stale").
      select i.*, l.uuid as room_uuid, l.safeguarding_hold as hold,
        l.members_version <> (select r.members_version from ${chatRooms} r where r.id = i.room_id) as stale,
        (i.reply_to_id is null or exists (
          select 1 from ${chatMessages} c where c.id = i.reply_to_id and c.room_id = i.room_id)) as reply_ok
      from input i join lock l on l.id = i.room_id
      where not i.member_only
        or exists (select 1 from ${chatRoomMembers} mm where mm.room_id = i.room_id and mm.user_id = i.sender_id)
    ), m as (
      insert into ${chatMessages} (uuid, room_id, sender_id, client_id, content, message_type, reply_to_id)
      select uuid, room_id, sender_id, client_id, content, message_type, reply_to_id
      from checked where hold is null and reply_ok and not stale order by idx
      on conflict do nothing
      returning *
    ), per_room as (
      select room_id, count(*) as n, max(created_at) as at from m group by room_id
    ), own as (
      select o.room_id, o.sender_id, max(o.id) as last_id,
        (select count(*) from m a where a.room_id = o.room_id and a.id > max(o.id)) as after
      from m o group by o.room_id, o.sender_id
    ), r as (
      update ${chatRooms} c set last_message_at = p.at from per_room p where c.id = p.room_id
    ), u as (
      update ${chatRoomMembers} mem set
        unread_count = coalesce(
          (select o.after from own o where o.room_id = mem.room_id and o.sender_id = mem.user_id),
          mem.unread_count + p.n),
        last_read_message_id = coalesce(
          (select o.last_id from own o where o.room_id = mem.room_id and o.sender_id = mem.user_id),
          mem.last_read_message_id)
      from per_room p where mem.room_id = p.room_id
      returning mem.room_id, mem.user_id
    )
    select (select row_to_json(m) from m where m.uuid = i.uuid) as message, c.room_uuid, c.hold, c.reply_ok, c.stale,
      coalesce((select array_agg(u.user_id) from u where u.room_id = i.room_id), '{}') as member_ids
    from input i left join checked c on c.idx = i.idx
    order by i.idx`,
  );
  return outcomes.map((row) => ({
    stale: row.stale === true,
    outcome: {
      message: row.message ? parseRow(row.message) : null,
      roomUuid: row.room_uuid,
      hold: row.hold,
      replyOk: row.reply_ok ?? true,
      memberIds: row.member_ids.map(Number),
    },
  }));
}

/** A `row_to_json` of a stored message as Drizzle would have selected it. */
function parseRow(json: Record<string, unknown>): MessageRow {
  const date = (v: unknown) => (v ? new Date(String(v)) : null);
  return {
    id: Number(json.id),
    uuid: String(json.uuid),
    roomId: Number(json.room_id),
    senderId: json.sender_id === null ? null : Number(json.sender_id),
    clientId: (json.client_id as string | null) ?? null,
    content: String(json.content),
    messageType: json.message_type as MessageRow['messageType'],
    metadata: (json.metadata as Record<string, unknown> | null) ?? null,
    replyToId: json.reply_to_id === null || json.reply_to_id === undefined ? null : Number(json.reply_to_id),
    createdAt: new Date(String(json.created_at)),
    editedAt: date(json.edited_at),
    deletedAt: date(json.deleted_at),
  };
}
