/**
 * Applies the safeguarding policy (plan.ts) to rooms, inside the caller's transaction: members
 * join and leave, the hold is set or lifted, the room gets one SYSTEM note saying what changed,
 * and people added for safeguarding are notified. Every place that changes a fact the policy
 * reads calls one of the `reconcile…` functions below; run the returned `emit` after the commit.
 *
 * `emit` makes the change real on open sockets too: people removed leave the room's channel on
 * every node (so typing and joins stop at once; sends and history are refused by the database),
 * and members and ex-members hear `chat:room-update` (ex-members with `removed: true`).
 */
import { isAdminRole, isMinorAthlete, type MemberReason, type RoomUpdate, SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Server } from 'socket.io';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, chatRooms, teams } from '../../db/schema/index.ts';
import { chatRoom, userRoom } from '../../realtime/rooms.ts';
import { notifyUsers } from '../chat/notifications.ts';
import { postSystemMessage, type SystemPost } from '../chat/system-messages.ts';
import { type LoadedRoom, loadRoomFacts } from './facts.ts';
import { lockSafeguarding } from './lock.ts';
import { describeChange, holdReason, listNames, personName } from './notes.ts';
import { type Person, planRoom } from './plan.ts';

/** What changed a fact; kept in the note's metadata for audits. */
export type Cause =
  | 'room-created'
  | 'oversight'
  | 'roster'
  | 'guardians'
  | 'profile'
  | 'role'
  | 'status'
  | 'deletion'
  | 'contacts'
  | 'person-created'
  | 'import';

export type Emit = (io: Server) => void;
export type Outcome = { hold: string | null; added: number[]; removed: number[] };
export type Reconciled = { outcomes: Map<number, Outcome>; emit: Emit };

/** A member whose row is gone (never expected: users are not hard-deleted). */
const UNKNOWN: Person = {
  id: 0,
  firstName: 'Someone',
  lastName: null,
  role: null,
  status: 'DELETED',
  dateOfBirth: null,
  organizationId: null,
};

const nothing: Reconciled = { outcomes: new Map(), emit: () => {} };

/**
 * Who hears, after the commit, of people whose rooms or ties (teams, guardian links) changed: the
 * app re-checks what their sockets, and the sockets following their presence, may still see.
 */
const tiesListeners = new WeakMap<Server, (userIds: number[]) => void>();
export const onTiesChanged = (io: Server, listener: (userIds: number[]) => void) => {
  tiesListeners.set(io, listener);
};
const tiesChanged = (io: Server, userIds: number[]) => {
  if (userIds.length) tiesListeners.get(io)?.([...new Set(userIds)]);
};

function labelFor(room: LoadedRoom, id: number, reason: MemberReason, minors: number[]) {
  if (reason === 'GUARDIAN') {
    const wards = minors.filter((m) => room.guardians.get(m)?.includes(id)).map((m) => room.people.get(m));
    const names = wards.flatMap((w) => (w ? [personName(w)] : []));
    return names.length ? `guardian of ${listNames(names)}` : 'guardian';
  }
  if (reason === 'SAFEGUARDING') return room.contacts.includes(id) ? 'safeguarding contact' : 'athletic director';
  return null;
}

/** Reconciles the given rooms; `created` names rooms being made in this transaction. */
export async function reconcileRooms(
  tx: Db,
  roomIds: number[],
  cause: Cause,
  created: number[] = [],
  /** `rosterAnnounced`: the caller already posted who joined or left the team; say only the rest. */
  options: { rosterAnnounced?: boolean } = {},
): Promise<Reconciled> {
  if (roomIds.length === 0) return nothing;
  const { rows: schools } = await tx.execute<{ organization_id: number }>(
    sql`select distinct organization_id from chat_rooms where id in (${sql.join(roomIds, sql`, `)})`,
  );
  await lockSafeguarding(
    tx,
    schools.map((s) => Number(s.organization_id)),
  );
  const rooms = await loadRoomFacts(tx, roomIds);
  if (rooms.length === 0) return nothing;
  // Who is in these rooms may change now (or just did, by the caller): a send that waited for
  // one of them sees the count move and reads the members again (store-messages.ts).
  await tx
    .update(chatRooms)
    .set({ membersVersion: sql`${chatRooms.membersVersion} + 1` })
    .where(
      inArray(
        chatRooms.id,
        rooms.map((r) => r.id),
      ),
    );
  const now = new Date();
  const outcomes = new Map<number, Outcome>();
  const posts: SystemPost[] = [];
  const notified: { emit: Emit }[] = [];
  const heard: { roomId: number; userIds: number[]; removed: number[] }[] = [];

  for (const room of rooms) {
    const plan = planRoom(room, now);
    const current = new Map(room.members.map((m) => [m.userId, m.reason]));
    const adds = [...plan.members].filter(([id]) => !current.has(id));
    const changed = [...plan.members].filter(([id, reason]) => current.has(id) && current.get(id) !== reason);
    const removes = [...current].filter(([id]) => !plan.members.has(id));
    const person = (id: number) => room.people.get(id);
    const unguarded = plan.unguarded.flatMap((id) => room.people.get(id) ?? []);
    const hold = plan.held ? holdReason(unguarded, room.organizationName) : null;

    if (adds.length)
      await tx
        .insert(chatRoomMembers)
        .values(adds.map(([userId, reason]) => ({ roomId: room.id, userId, reason })))
        .onConflictDoNothing();
    for (const [userId, reason] of changed)
      await tx
        .update(chatRoomMembers)
        .set({ reason })
        .where(and(eq(chatRoomMembers.roomId, room.id), eq(chatRoomMembers.userId, userId)));
    if (removes.length)
      await tx.delete(chatRoomMembers).where(
        and(
          eq(chatRoomMembers.roomId, room.id),
          inArray(
            chatRoomMembers.userId,
            removes.map(([id]) => id),
          ),
        ),
      );
    if (hold !== room.hold) await tx.update(chatRooms).set({ safeguardingHold: hold }).where(eq(chatRooms.id, room.id));

    const minors = [...plan.members.keys()].filter((id) =>
      isMinorAthlete(person(id) ?? { role: null, dateOfBirth: null }, now),
    );
    const known = (id: number): Person => person(id) ?? { ...UNKNOWN, id };
    const added = adds.map(([id, reason]) => ({
      person: known(id),
      reason,
      label: labelFor(room, id, reason, minors),
    }));
    const note = describeChange({
      added,
      removed: removes.map(([id, reason]) => ({ person: known(id), reason })),
      unguarded,
      holdBefore: room.hold,
      holdAfter: hold,
      organizationName: room.organizationName,
      created: created.includes(room.id),
      rosterAnnounced: options.rosterAnnounced === true,
    });
    if (note) {
      posts.push(
        await postSystemMessage(tx, room.id, note, {
          kind: 'safeguarding',
          cause,
          added: adds.map(([id, reason]) => ({ id, reason })),
          removed: removes.map(([id, reason]) => ({ id, reason })),
          hold,
        }),
      );
      // Guardians and second adults learn why they were added, with a link to the room.
      const watchers = added.filter((a) => a.reason === 'GUARDIAN' || a.reason === 'SAFEGUARDING');
      if (watchers.length)
        notified.push(
          await notifyUsers(
            tx,
            watchers.map((w) => w.person.id),
            {
              title: 'Added to a conversation for safeguarding',
              message: note.length > 280 ? `${note.slice(0, 279)}…` : note,
              type: 'info',
              actionUrl: `/messages?roomId=${room.id}`,
            },
          ),
        );
    }
    if (adds.length || changed.length || removes.length || hold !== room.hold)
      heard.push({ roomId: room.id, userIds: [...plan.members.keys()], removed: removes.map(([id]) => id) });
    outcomes.set(room.id, { hold, added: adds.map(([id]) => id), removed: removes.map(([id]) => id) });
  }

  return {
    outcomes,
    emit: (io) => {
      for (const { roomId, userIds, removed } of heard) {
        // Sockets of people who left stop hearing the room on every node (the Redis adapter carries it).
        if (removed.length) io.in(removed.map(userRoom)).socketsLeave(chatRoom(roomId));
        io.to(userIds.map(userRoom)).emit(SOCKET_EVENTS.roomUpdate, { roomId } satisfies RoomUpdate);
        // Told apart, so a client drops the room instead of asking for what it may no longer read.
        if (removed.length)
          io.to(removed.map(userRoom)).emit(SOCKET_EVENTS.roomUpdate, { roomId, removed: true } satisfies RoomUpdate);
      }
      for (const post of posts) post.emit(io);
      for (const n of notified) n.emit(io);
      tiesChanged(
        io,
        heard.flatMap((h) => h.removed),
      );
    },
  };
}

/** Chains several reconciles' emits into one. */
export const emitAll =
  (...all: { emit: Emit }[]): Emit =>
  (io) => {
    for (const r of all) r.emit(io);
  };

const ids = (rows: { id: number }[]) => rows.map((r) => Number(r.id));

/** The team room of each team that has one. */
export async function reconcileTeams(tx: Db, teamIds: number[], cause: Cause): Promise<Reconciled> {
  if (teamIds.length === 0) return nothing;
  const schools = await tx.selectDistinct({ id: teams.organizationId }).from(teams).where(inArray(teams.id, teamIds));
  await lockSafeguarding(
    tx,
    schools.map((s) => s.id),
  );
  const rooms = await tx
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(inArray(chatRooms.teamId, teamIds), eq(chatRooms.kind, 'TEAM')));
  return reconcileRooms(tx, ids(rooms), cause);
}

/**
 * Rooms whose second adults the organization's contacts or directors decide: those that have
 * one now or are held. Call when the contacts change or an administrator's role, status or
 * account does.
 */
async function observedRooms(tx: Db, organizationIds: number[]) {
  if (organizationIds.length === 0) return [];
  const { rows } = await tx.execute<{ id: number }>(sql`
    select r.id from chat_rooms r
    where r.organization_id in (${sql.join(organizationIds, sql`, `)})
      and (r.safeguarding_hold is not null
        or exists (select 1 from chat_room_members m where m.room_id = r.id and m.reason = 'SAFEGUARDING'))`);
  return ids(rows);
}

export async function reconcileOrganization(tx: Db, organizationId: number, cause: Cause) {
  await lockSafeguarding(tx, [organizationId]);
  return reconcileRooms(tx, await observedRooms(tx, [organizationId]), cause);
}

/**
 * Everything a change to these people can touch: rooms they are in, rooms their wards are in,
 * the team rooms of teams they play on or coach, and (for administrators, now or before the
 * change) their organization's observed rooms.
 */
export async function reconcilePeople(
  tx: Db,
  people: { id: number; organizationId: number | null; roles: (string | null)[] }[],
  cause: Cause,
): Promise<Reconciled> {
  if (people.length === 0) return nothing;
  // Before the lookup: a room their school is making now is either committed by then or waits.
  await lockSafeguarding(
    tx,
    people.map((p) => p.organizationId),
  );
  const userIds = sql.join(
    people.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ id: number }>(sql`
    select room_id as id from chat_room_members where user_id in (${userIds})
    union
    select m.room_id from chat_room_members m join guardian_links g on g.athlete_id = m.user_id
      where g.guardian_id in (${userIds})
    union
    select r.id from chat_rooms r join team_members t on t.team_id = r.team_id
      where r.kind = 'TEAM' and t.user_id in (${userIds})
    union
    select r.id from chat_rooms r join team_coaches tc on tc.team_id = r.team_id join coaches c on c.id = tc.coach_id
      where r.kind = 'TEAM' and c.user_id in (${userIds})`);
  const administrators = people.filter((p) => p.roles.some((role) => isAdminRole(role as never)));
  const organizations = [...new Set(administrators.flatMap((p) => (p.organizationId ? [p.organizationId] : [])))];
  const reconciled = await reconcileRooms(tx, [...ids(rows), ...(await observedRooms(tx, organizations))], cause);
  // Their ties changed even where no room did (a guardian link with no conversation yet).
  return {
    outcomes: reconciled.outcomes,
    emit: (io) => {
      reconciled.emit(io);
      tiesChanged(
        io,
        people.map((p) => p.id),
      );
    },
  };
}
