/**
 * The safeguarding policy through the API (decision 018, issue #15 cases 1–5): no minor is alone
 * with an adult in any conversation, on room creation and whenever a fact the policy reads
 * changes; staff roles are refused to people under 18; the director's contacts API.
 */
import {
  apiResponseSchema,
  type ChatMessage,
  type Role,
  type RoomDetail,
  roomDetailSchema,
  SOCKET_EVENTS,
  safeguardingSettingsSchema,
} from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  chatRoomMembers,
  chatRooms,
  coaches,
  guardianLinks,
  teamCoaches,
  teamMembers,
  teams,
} from '../src/db/schema/index.ts';
import { inTransaction } from '../src/db/transaction.ts';
import { reconcilePeople } from '../src/modules/safeguarding/reconcile.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, coachOf, type School } from './helpers/directory.ts';
import { buildOrganization, buildUser } from './helpers/factories.ts';
import { emitWithAck, nextEvent, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const FIFTEEN = '2011-06-01';
const THIRTEEN = '2013-02-10';
const detail = apiResponseSchema(roomDetailSchema);
const settings = apiResponseSchema(safeguardingSettingsSchema);

/** Someone new in `organizationId` (Westfield by default). */
const person = (role: Role, firstName: string, extra: Parameters<typeof buildUser>[1] = {}) =>
  buildUser(app, { role, firstName, lastName: 'Test', organizationId: school.org.id, ...extra });

type Someone = { id: number; email: string; role: Role | null; organizationId: number | null };
/** Opens a direct room; a coach and an athlete are first tied by a team (decision 026's rule). */
async function openDirect(from: Someone, to: Someone) {
  const coach = [from, to].find((p) => p.role === 'COACH');
  const athlete = [from, to].find((p) => p.role === 'ATHLETE');
  if (coach && athlete) await coachOf(app, coach, athlete);
  return (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
}
async function roomOf(viewer: { email: string }, roomId: number): Promise<RoomDetail> {
  const res = await (await as(app, viewer)).get(`/api/chat/rooms/${roomId}`);
  expect(res.statusCode, res.body).toBe(200);
  return detail.parse(res.json()).data;
}
const reasons = (room: RoomDetail) => Object.fromEntries(room.members.map((m) => [m.id, m.reason]));
async function history(viewer: { email: string }, roomId: number) {
  const res = await (await as(app, viewer)).get(`/api/chat/rooms/${roomId}/messages`);
  return { status: res.statusCode, messages: (res.json().data?.messages ?? []) as ChatMessage[] };
}
const systemNotes = async (viewer: { email: string }, roomId: number) =>
  (await history(viewer, roomId)).messages.filter((m) => m.messageType === 'SYSTEM').map((m) => m.content);

/** A school of its own: the policy's choices depend on who its directors and contacts are. */
async function smallSchool(name: string, withDirector = true) {
  const org = await buildOrganization(app, { name });
  const make = (role: Role, firstName: string, extra = {}) =>
    buildUser(app, { role, firstName, lastName: name.split(' ')[0], organizationId: org.id, ...extra });
  const director = withDirector ? await make('ATHLETIC_DIRECTOR', 'Dina') : undefined;
  const coach = await make('COACH', 'Cole');
  const minor = await make('ATHLETE', 'Mia', { dateOfBirth: FIFTEEN });
  return { org, director, coach, minor, make };
}

/** A team of the small school: its coach coaching, its minor the only athlete. */
async function smallTeam(s: Awaited<ReturnType<typeof smallSchool>>, name: string) {
  const db = app.testDatabase.db;
  const [team] = await db
    .insert(teams)
    .values({
      organizationId: s.org.id,
      sportId: school.sport.id,
      name,
      gender: 'COED',
      season: 'FALL',
      schoolYear: '2026-27',
    })
    .returning();
  const teamId = team?.id as number;
  const [coachRow] = await db.insert(coaches).values({ userId: s.coach.id }).returning();
  await db.insert(teamCoaches).values({ coachId: coachRow?.id as number, teamId, role: 'HEAD' });
  await db.insert(teamMembers).values({ teamId, userId: s.minor.id });
  return teamId;
}

describe('issue #15, measured cases 1–5', () => {
  it('1: a 15-year-old with no guardian and a coach are never alone: a second adult joins, and the room says why', async () => {
    const s = await smallSchool('Northside High');
    const opened = await openDirect(s.minor, s.coach);
    expect(opened.statusCode, opened.body).toBe(200);
    const room = await roomOf(s.coach, opened.json().data.id);
    expect(reasons(room)).toEqual({
      [s.coach.id]: 'PARTICIPANT',
      [s.minor.id]: 'PARTICIPANT',
      [s.director?.id as number]: 'SAFEGUARDING',
    });
    expect(room.members.find((m) => m.reason === 'SAFEGUARDING')?.note).toBe('Athletic director (second adult)');
    const [note] = await systemNotes(s.coach, room.id);
    expect(note).toMatch(
      /^Dina Northside \(athletic director\) joined as Northside High’s second adult: Mia Northside is under 18 and has no guardian who can see this conversation/,
    );
    // The second adult reads it, and is told why they are there.
    expect((await roomOf(s.director as { email: string }, room.id)).safeguarding.viewerNote).toMatch(
      /second adult for safeguarding: Mia Northside has no guardian who can see it/,
    );
  });

  it('1: with nobody who could be the second adult, the conversation is refused with the reason and not made', async () => {
    const s = await smallSchool('Lakeview Prep', false);
    const refused = await openDirect(s.coach, s.minor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      id: 'safeguarding_refused',
      message: expect.stringMatching(
        /^Safeguarding: Mia Lakeview is under 18 and has no guardian who can see this conversation, and Lakeview Prep has no safeguarding contact or athletic director/,
      ),
    });
    const rooms = await (await as(app, s.coach)).get('/api/chat/rooms?tab=ATHLETES');
    expect(
      rooms.json().data.result.find((r: { counterpart: { id: number } }) => r.counterpart.id === s.minor.id),
    ).toMatchObject({
      chatId: null,
    });
    // Once the school has a director, the same conversation opens with them in it.
    const director = await s.make('ATHLETIC_DIRECTOR', 'Dara');
    const opened = await openDirect(s.coach, s.minor);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(reasons(await roomOf(s.coach, opened.json().data.id))[director.id]).toBe('SAFEGUARDING');
  });

  it('2: a team whose only athlete is an unguarded minor and one coach gets a second adult in its room', async () => {
    const s = await smallSchool('Riverbend High');
    const teamId = await smallTeam(s, 'Riverbend Golf');
    const rooms = await (await as(app, s.coach)).get(`/api/chat/teams/${teamId}/rooms`);
    expect(rooms.statusCode, rooms.body).toBe(200);
    const room = await roomOf(s.coach, rooms.json().data[0].id);
    expect(reasons(room)).toEqual({
      [s.coach.id]: 'PARTICIPANT',
      [s.minor.id]: 'PARTICIPANT',
      [s.director?.id as number]: 'SAFEGUARDING',
    });
  });

  it('3: after a minor’s guardian is deleted, their rooms and new ones get a second adult', async () => {
    const minor = await person('ATHLETE', 'Noah', { dateOfBirth: FIFTEEN });
    const mom = await person('PARENT', 'Nora');
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: mom.id, athleteId: minor.id });
    const coachRoom = (await openDirect(school.coach, minor)).json().data.id as number;
    expect(reasons(await roomOf(school.coach, coachRoom))).toEqual({
      [school.coach.id]: 'PARTICIPANT',
      [minor.id]: 'PARTICIPANT',
      [mom.id]: 'GUARDIAN',
    });
    expect((await (await as(app, school.director)).delete(`/api/user/${mom.id}`)).statusCode).toBe(200);
    const after = reasons(await roomOf(school.coach, coachRoom));
    expect(after[mom.id]).toBeUndefined();
    expect(after[school.director.id]).toBe('SAFEGUARDING');
    expect((await systemNotes(school.coach, coachRoom)).at(-1)).toMatch(
      /Dana Director \(athletic director\) joined as Westfield High’s second adult.*Nora Test is no longer here as a guardian\./,
    );
    // A new conversation with the same minor.
    const opened = await openDirect(school.administrator, minor);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(reasons(await roomOf(school.administrator, opened.json().data.id))[school.director.id]).toBe('SAFEGUARDING');
  });

  it('4: correcting an adult athlete’s birth date to a minor’s brings the guardian into the existing room at once', async () => {
    const athlete = await person('ATHLETE', 'Ava', { dateOfBirth: '2004-01-01' });
    const dad = await person('PARENT', 'Dev');
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: dad.id, athleteId: athlete.id });
    const roomId = (await openDirect(school.coach, athlete)).json().data.id as number;
    expect(reasons(await roomOf(school.coach, roomId))[dad.id]).toBeUndefined();
    const dadSocket = await openSocket(app, url, dad, sockets);
    const told = nextEvent<{ roomId: number }>(dadSocket, SOCKET_EVENTS.roomUpdate);
    const corrected = await (await as(app, school.director)).patch(`/api/user/${athlete.id}`, {
      dateOfBirth: '2012-04-04',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await told).toEqual({ roomId });
    expect(reasons(await roomOf(school.coach, roomId))[dad.id]).toBe('GUARDIAN');
    const coachSocket = await openSocket(app, url, school.coach, sockets);
    const heard = nextEvent<ChatMessage>(dadSocket, SOCKET_EVENTS.chatMessageReceived);
    await emitWithAck(coachSocket, SOCKET_EVENTS.chatMessage, { roomId, message: 'Bus leaves at 6:30' });
    expect((await heard).content).toBe('Bus leaves at 6:30');
    expect((await roomOf(dad, roomId)).safeguarding.viewerNote).toMatch(/as Ava Test’s guardian for safeguarding/);
    // Back to an adult: the guardian leaves again, and the room says so.
    await (await as(app, school.director)).patch(`/api/user/${athlete.id}`, { dateOfBirth: '2004-01-01' });
    expect(reasons(await roomOf(school.coach, roomId))[dad.id]).toBeUndefined();
    expect((await systemNotes(school.coach, roomId)).at(-1)).toBe('Dev Test is no longer here as a guardian.');
  });

  it('5: a staff role is refused to anyone under 18, on change and on creation', async () => {
    const director = await as(app, school.director);
    const kid = await person('ATHLETE', 'Kai', { dateOfBirth: THIRTEEN });
    const promoted = await director.patch(`/api/user/${kid.id}`, { role: 'COACH' });
    expect(promoted.statusCode).toBe(400);
    expect(promoted.json()).toMatchObject({
      id: 'staff_under_18',
      message: expect.stringMatching(/^role: A person under 18/),
    });
    expect((await director.get(`/api/user/${kid.id}`)).json().data.user.role).toBe('ATHLETE');
    const created = await director.post('/api/user', {
      email: `young-coach-${kid.id}@school.example`,
      firstName: 'Young',
      role: 'COACH',
      dateOfBirth: THIRTEEN,
    });
    expect(created.statusCode).toBe(400);
    const coach = await person('COACH', 'Grown');
    const younger = await director.patch(`/api/user/${coach.id}`, { dateOfBirth: THIRTEEN });
    expect(younger.statusCode).toBe(400);
    expect(younger.json().message).toMatch(/^dateOfBirth: A person under 18/);
    // No date of birth counts as a minor: an athlete becomes staff only with an adult one given.
    const unknown = await person('ATHLETE', 'Uma');
    const unknownPromoted = await director.patch(`/api/user/${unknown.id}`, { role: 'COACH' });
    expect(unknownPromoted.statusCode).toBe(400);
    expect(unknownPromoted.json()).toMatchObject({
      id: 'staff_under_18',
      message: expect.stringMatching(/^role: An athlete without a date of birth counts as under 18/),
    });
    expect((await director.get(`/api/user/${unknown.id}`)).json().data.user.role).toBe('ATHLETE');
    const withAge = await director.patch(`/api/user/${unknown.id}`, { role: 'COACH', dateOfBirth: '1990-04-01' });
    expect(withAge.statusCode, withAge.body).toBe(200);
  });
});

describe('re-evaluated when the facts change', () => {
  it('roster changes: an athlete joins the team room with their guardian and leaves it with them', async () => {
    const director = await as(app, school.director);
    const kid = await person('ATHLETE', 'Rae', { dateOfBirth: FIFTEEN });
    const mom = await person('PARENT', 'Rita');
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: mom.id, athleteId: kid.id });
    const roomId = (await director.get(`/api/chat/teams/${school.jv.id}/rooms`)).json().data[0].id as number;
    expect((await director.post(`/api/teams/${school.jv.id}/members`, { userId: kid.id })).statusCode).toBe(201);
    expect(reasons(await roomOf(school.director, roomId))).toMatchObject({
      [kid.id]: 'PARTICIPANT',
      [mom.id]: 'GUARDIAN',
    });
    // The roster's own note, then the policy's note about the guardian it brought in.
    expect((await systemNotes(school.director, roomId)).slice(-2)).toEqual([
      'Rae Test joined the team',
      'Rita Test (guardian of Rae Test) joined as a guardian: conversations between adults and athletes under 18 include their guardians (safeguarding).',
    ]);
    expect((await director.delete(`/api/teams/${school.jv.id}/members/${kid.id}`)).statusCode).toBe(200);
    const after = reasons(await roomOf(school.director, roomId));
    expect(after[kid.id]).toBeUndefined();
    expect(after[mom.id]).toBeUndefined();
  });

  it('roster changes from the team page picker (several at once) bring guardians in too', async () => {
    const director = await as(app, school.director);
    const kid = await person('ATHLETE', 'Ivy', { dateOfBirth: FIFTEEN });
    const dad = await person('PARENT', 'Ian');
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: dad.id, athleteId: kid.id });
    const roomId = (await director.get(`/api/chat/teams/${school.jv.id}/rooms`)).json().data[0].id as number;
    const added = await director.post(`/api/teams/${school.jv.id}/members/batch`, { userIds: [kid.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(reasons(await roomOf(school.director, roomId))).toMatchObject({
      [kid.id]: 'PARTICIPANT',
      [dad.id]: 'GUARDIAN',
    });
  });

  it('guardian suspension, then reactivation: a second adult stands in, then steps out', async () => {
    const director = await as(app, school.director);
    const kid = await person('ATHLETE', 'Sam', { dateOfBirth: FIFTEEN });
    const mom = await person('PARENT', 'Sue');
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: mom.id, athleteId: kid.id });
    const roomId = (await openDirect(school.coach, kid)).json().data.id as number;
    await director.patch(`/api/user/${mom.id}/status`, { status: 'SUSPENDED' });
    expect(reasons(await roomOf(school.coach, roomId))).toMatchObject({
      [mom.id]: 'GUARDIAN',
      [school.director.id]: 'SAFEGUARDING',
    });
    await director.patch(`/api/user/${mom.id}/status`, { status: 'ACTIVE' });
    expect(reasons(await roomOf(school.coach, roomId))[school.director.id]).toBeUndefined();
    expect((await systemNotes(school.coach, roomId)).at(-1)).toBe(
      'Dana Director is no longer needed here as the second adult.',
    );
  });

  it('guardian link and unlink (the policy API that link editing calls)', async () => {
    const kid = await person('ATHLETE', 'Lou', { dateOfBirth: FIFTEEN });
    const dad = await person('PARENT', 'Len');
    const roomId = (await openDirect(school.coach, kid)).json().data.id as number;
    expect(reasons(await roomOf(school.coach, roomId))[school.director.id]).toBe('SAFEGUARDING');
    const relink = (change: (tx: Db) => Promise<unknown>) =>
      inTransaction(app.testDatabase.db, async (tx, afterCommit) => {
        await change(tx);
        const reconciled = await reconcilePeople(
          tx,
          [
            { id: kid.id, organizationId: school.org.id, roles: ['ATHLETE'] },
            { id: dad.id, organizationId: school.org.id, roles: ['PARENT'] },
          ],
          'guardians',
        );
        afterCommit(() => reconciled.emit(app.io));
      });
    await relink((tx) => tx.insert(guardianLinks).values({ guardianId: dad.id, athleteId: kid.id }));
    expect(reasons(await roomOf(school.coach, roomId))).toMatchObject({ [dad.id]: 'GUARDIAN' });
    expect(reasons(await roomOf(school.coach, roomId))[school.director.id]).toBeUndefined();
    await relink((tx) => tx.delete(guardianLinks).where(eq(guardianLinks.guardianId, dad.id)));
    const after = reasons(await roomOf(school.coach, roomId));
    expect(after[dad.id]).toBeUndefined();
    expect(after[school.director.id]).toBe('SAFEGUARDING');
    expect((await history(dad, roomId)).status).toBe(403);
  });

  it('role change: an adult who is no longer an administrator stops overseeing team rooms', async () => {
    const admin = await person('ATHLETIC_ADMINISTRATOR', 'Otto');
    const roomId = (await (await as(app, admin)).get(`/api/chat/teams/${school.varsity.id}/rooms`)).json().data[0]
      .id as number;
    expect(reasons(await roomOf(school.director, roomId))[admin.id]).toBe('OVERSIGHT');
    expect((await (await as(app, school.director)).patch(`/api/user/${admin.id}`, { role: 'COACH' })).statusCode).toBe(
      200,
    );
    expect(reasons(await roomOf(school.director, roomId))[admin.id]).toBeUndefined();
  });

  it('role change: a coach who becomes a parent leaves their teams, the team’s room and the coaches’ room', async () => {
    const director = await as(app, school.director);
    const db = app.testDatabase.db;
    const cal = await person('COACH', 'Cal');
    expect((await director.put(`/api/user/${cal.id}/teams`, { teamIds: [school.varsity.id] })).statusCode).toBe(200);
    const teamRoomId = (await director.get(`/api/chat/teams/${school.varsity.id}/rooms`)).json().data[0].id as number;
    expect(reasons(await roomOf(school.director, teamRoomId))[cal.id]).toBe('PARTICIPANT');
    // The school's coaches' room (decision 029), as a coaches-only broadcast leaves it.
    await db
      .insert(chatRooms)
      .values({ organizationId: school.org.id, kind: 'GROUP', purpose: 'COACHES', name: 'Coaches — Westfield High' })
      .onConflictDoNothing();
    const [staffRoom] = await db
      .select({ id: chatRooms.id })
      .from(chatRooms)
      .where(and(eq(chatRooms.organizationId, school.org.id), eq(chatRooms.purpose, 'COACHES')));
    const staffRoomId = staffRoom?.id as number;
    await db.insert(chatRoomMembers).values({ roomId: staffRoomId, userId: cal.id, reason: 'PARTICIPANT' });
    // Their open app hears it is out of the team's room (and stops hearing the room).
    const calSocket = await openSocket(app, url, cal, sockets);
    const dropped = new Promise<void>((resolve) =>
      calSocket.on(SOCKET_EVENTS.roomUpdate, (u: { roomId: number; removed?: boolean }) => {
        if (u.roomId === teamRoomId && u.removed) resolve();
      }),
    );

    expect((await director.patch(`/api/user/${cal.id}`, { role: 'PARENT' })).statusCode).toBe(200);
    await dropped;
    expect(reasons(await roomOf(school.director, teamRoomId))[cal.id]).toBeUndefined();
    expect((await systemNotes(school.director, teamRoomId)).at(-1)).toBe('Cal Test left the team');
    expect((await history(cal, teamRoomId)).status).toBe(403);
    expect((await history(cal, staffRoomId)).status).toBe(403);
    const team = (await director.get(`/api/teams/${school.varsity.id}`)).json().data as { coaches: { id: number }[] };
    expect(team.coaches.map((c) => c.id)).not.toContain(cal.id);
    expect(await db.select().from(teamCoaches).where(eq(teamCoaches.teamId, school.varsity.id))).not.toContainEqual(
      expect.objectContaining({ coachId: cal.id }),
    );
  });

  it('role change: an athlete who becomes staff is off the roster and out of the team’s room', async () => {
    const director = await as(app, school.director);
    const ada = await person('ATHLETE', 'Ada', { dateOfBirth: '2000-04-04' });
    expect((await director.post(`/api/teams/${school.jv.id}/members`, { userId: ada.id })).statusCode).toBe(201);
    const roomId = (await director.get(`/api/chat/teams/${school.jv.id}/rooms`)).json().data[0].id as number;
    expect(reasons(await roomOf(school.director, roomId))[ada.id]).toBe('PARTICIPANT');
    expect((await director.patch(`/api/user/${ada.id}`, { role: 'ATHLETIC_ADMINISTRATOR' })).statusCode).toBe(200);
    expect(reasons(await roomOf(school.director, roomId))[ada.id]).toBeUndefined();
    const roster = await app.testDatabase.db.select().from(teamMembers).where(eq(teamMembers.userId, ada.id));
    expect(roster).toEqual([]);
  });

  it('role change: a guardian who becomes staff no longer stands in as the child’s guardian', async () => {
    const director = await as(app, school.director);
    const kid = await person('ATHLETE', 'Gus', { dateOfBirth: FIFTEEN });
    const mom = await person('PARENT', 'Gina');
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: mom.id, athleteId: kid.id });
    const roomId = (await openDirect(school.coach, kid)).json().data.id as number;
    expect(reasons(await roomOf(school.coach, roomId))[mom.id]).toBe('GUARDIAN');

    const changed = await director.patch(`/api/user/${mom.id}`, { role: 'ATHLETIC_ADMINISTRATOR' });
    expect(changed.statusCode, changed.body).toBe(200);
    // Her links end with the role (audited), and the room gets the second adult she no longer is.
    expect(await app.testDatabase.db.select().from(guardianLinks).where(eq(guardianLinks.guardianId, mom.id))).toEqual(
      [],
    );
    const after = reasons(await roomOf(school.coach, roomId));
    expect(after[mom.id]).toBeUndefined();
    expect(after[school.director.id]).toBe('SAFEGUARDING');
    const audit = (await director.get('/api/audit?search=Gina')).json().data;
    expect(JSON.stringify(audit)).toContain('Unlinked Gina Test from Gus Test (now athletic administrator)');
    // A new conversation with the child is observed by staff, not by her as a guardian.
    const other = await person('COACH', 'Otis');
    const opened = await openDirect(other, kid);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(reasons(await roomOf(other, opened.json().data.id))[mom.id]).toBeUndefined();
  });

  it('a link left to someone who is no longer a guardian does not count as one', async () => {
    const kid = await person('ATHLETE', 'Hal', { dateOfBirth: FIFTEEN });
    const former = await person('COACH', 'Hope');
    // A stale link (as an older version could leave behind) to someone who is now a coach.
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: former.id, athleteId: kid.id });
    const opened = await openDirect(school.coach, kid);
    expect(opened.statusCode, opened.body).toBe(200);
    const members = reasons(await roomOf(school.coach, opened.json().data.id));
    expect(members[former.id]).toBeUndefined();
    expect(members[school.director.id]).toBe('SAFEGUARDING');
  });

  it('a new person is put on teams only as an athlete or a coach', async () => {
    const director = await as(app, school.director);
    const res = await director.post('/api/user', {
      email: `stan-${Date.now()}@westfield.example`,
      firstName: 'Stan',
      role: 'PARENT',
      teamIds: [school.varsity.id],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'teamIds: only athletes and coaches are on teams' });
  });
});

describe('safeguarding contacts (Admin → Safeguarding)', () => {
  it('lets the director name contacts, who replace the stand-in director where a second adult is needed', async () => {
    const s = await smallSchool('Hillcrest High');
    const assistant = await s.make('ASSISTANT_ATHLETIC_DIRECTOR', 'Ada');
    const roomId = (await openDirect(s.coach, s.minor)).json().data.id as number;
    const director = await as(app, s.director as { email: string });
    const before = settings.parse((await director.get('/api/safeguarding')).json()).data;
    expect(before).toMatchObject({
      organization: { id: s.org.id, name: 'Hillcrest High' },
      contacts: [],
      fallback: [{ id: s.director?.id }],
      conversations: [
        {
          roomId,
          kind: 'DIRECT',
          title: 'Cole Hillcrest and Mia Hillcrest',
          minors: [{ id: s.minor.id, name: 'Mia Hillcrest', birthDateKnown: true }],
          observers: [{ id: s.director?.id, name: 'Dina Hillcrest' }],
          hold: null,
          viewerIsMember: true,
        },
      ],
    });
    expect(before.candidates.map((c) => c.id).sort()).toEqual([s.director?.id, assistant.id].sort());

    const saved = await director.put('/api/safeguarding/contacts', { userIds: [assistant.id] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(settings.parse(saved.json()).data.conversations[0]?.observers).toEqual([
      { id: assistant.id, name: 'Ada Hillcrest' },
    ]);
    expect(reasons(await roomOf(s.coach, roomId))).toEqual({
      [s.coach.id]: 'PARTICIPANT',
      [s.minor.id]: 'PARTICIPANT',
      [assistant.id]: 'SAFEGUARDING',
    });
    expect((await roomOf(s.coach, roomId)).members.find((m) => m.id === assistant.id)?.note).toBe(
      'Safeguarding contact (second adult)',
    );

    // Only active administrators of the organization; only the director and the super admin.
    for (const userIds of [[s.coach.id], [school.director.id], [assistant.id, assistant.id], [1, 2, 3, 4, 5, 6]])
      expect((await director.put('/api/safeguarding/contacts', { userIds })).statusCode).toBe(400);
    for (const who of [s.coach, assistant]) {
      expect((await (await as(app, who)).get('/api/safeguarding')).statusCode).toBe(403);
      expect((await (await as(app, who)).put('/api/safeguarding/contacts', { userIds: [] })).statusCode).toBe(403);
    }
    expect((await director.get(`/api/safeguarding?organizationId=${school.org.id}`)).statusCode).toBe(403);
    expect(
      (await (await as(app, school.superAdmin)).get(`/api/safeguarding?organizationId=${s.org.id}`)).statusCode,
    ).toBe(200);

    // The contact suspended: the director stands in again.
    await director.patch(`/api/user/${assistant.id}/status`, { status: 'SUSPENDED' });
    expect(reasons(await roomOf(s.coach, roomId))).toMatchObject({ [s.director?.id as number]: 'SAFEGUARDING' });
    expect(reasons(await roomOf(s.coach, roomId))[assistant.id]).toBeUndefined();
  });

  it('holds an existing conversation when its last possible second adult goes, and lets it go on when one comes back', async () => {
    const s = await smallSchool('Cedar Ridge');
    const roomId = (await openDirect(s.coach, s.minor)).json().data.id as number;
    const superAdmin = await as(app, school.superAdmin);
    const coachSocket = await openSocket(app, url, s.coach, sockets);
    const asked = await emitWithAck<{ poll: { id: string; options: { id: string }[] } }>(
      coachSocket,
      SOCKET_EVENTS.pollCreate,
      { roomId, question: 'Practice at 6?', options: ['Yes', 'No'] },
    );
    if (!asked.ok) throw new Error(asked.error.message);
    await superAdmin.patch(`/api/user/${s.director?.id}/status`, { status: 'SUSPENDED' });
    const room = await roomOf(s.coach, roomId);
    expect(room.safeguarding.hold).toMatch(/^Safeguarding: Mia Cedar is under 18/);
    const held = {
      ok: false,
      error: { statusCode: 409, id: 'safeguarding_hold', message: expect.stringMatching(/^Safeguarding:/) },
    };
    expect(await emitWithAck(coachSocket, SOCKET_EVENTS.chatMessage, { roomId, message: 'Hello?' })).toMatchObject(
      held,
    );
    // A vote is a signal to the other person too (it was counted and broadcast before the fix).
    const [yes] = asked.data.poll.options;
    const minorSocket = await openSocket(app, url, s.minor, sockets);
    for (const socket of [coachSocket, minorSocket])
      expect(
        await emitWithAck(socket, SOCKET_EVENTS.pollVote, { pollId: asked.data.poll.id, optionIds: [yes?.id] }),
      ).toMatchObject(held);
    await superAdmin.patch(`/api/user/${s.director?.id}/status`, { status: 'ACTIVE' });
    expect((await roomOf(s.coach, roomId)).safeguarding.hold).toBeNull();
    expect((await systemNotes(s.coach, roomId)).at(-1)).toMatch(/Messages can be sent again/);
    expect(await emitWithAck(coachSocket, SOCKET_EVENTS.chatMessage, { roomId, message: 'Hello again' })).toMatchObject(
      {
        ok: true,
      },
    );
  });

  it('relays no typing and starts no upload while a conversation is held', async () => {
    const s = await smallSchool('Birch Falls');
    const roomId = (await openDirect(s.coach, s.minor)).json().data.id as number;
    const coachSocket = await openSocket(app, url, s.coach, sockets);
    const minorSocket = await openSocket(app, url, s.minor, sockets);
    for (const socket of [coachSocket, minorSocket])
      expect(await emitWithAck(socket, SOCKET_EVENTS.joinRoom, { roomId })).toMatchObject({ ok: true });
    const superAdmin = await as(app, school.superAdmin);
    await superAdmin.patch(`/api/user/${s.director?.id}/status`, { status: 'SUSPENDED' });
    const held = { ok: false, error: { statusCode: 409, id: 'safeguarding_hold' } };
    const relayed = nextEvent(minorSocket, SOCKET_EVENTS.typingStart, 300).then(
      () => 'relayed',
      () => 'nothing',
    );
    expect(await emitWithAck(coachSocket, SOCKET_EVENTS.typingStart, { roomId })).toMatchObject(held);
    expect(await relayed).toBe('nothing');
    const data = Buffer.from('hello');
    const chunk = { roomId, id: crypto.randomUUID(), data, index: 0, totalChunks: 1, fileName: 'a.txt' };
    expect(
      await emitWithAck(coachSocket, SOCKET_EVENTS.fileUploadChunk, {
        ...chunk,
        attachmentIndex: 0,
        size: data.length,
        offset: 0,
        totalSize: data.length,
      }),
    ).toMatchObject(held);
    await superAdmin.patch(`/api/user/${s.director?.id}/status`, { status: 'ACTIVE' });
  });
});

describe('a held team room', () => {
  it('takes no nudge, acknowledgement or pin; an unpin still goes', async () => {
    const s = await smallSchool('Pine Hollow');
    const teamId = await smallTeam(s, 'Pine Hollow Tennis');
    const coach = await as(app, s.coach);
    const posted = await coach.post(`/api/teams/${teamId}/announcements`, { content: 'Forms due Friday' });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id: messageId, chatRoom } = posted.json().data as { id: number; chatRoom: { id: number } };
    expect((await coach.put(`/api/chat/rooms/${chatRoom.id}/pin`, { messageId })).statusCode).toBe(200);

    const superAdmin = await as(app, school.superAdmin);
    await superAdmin.patch(`/api/user/${s.director?.id}/status`, { status: 'SUSPENDED' });
    expect((await roomOf(s.coach, chatRoom.id)).safeguarding.hold).toMatch(/^Safeguarding:/);
    const held = { statusCode: 409, id: 'safeguarding_hold', message: expect.stringMatching(/^Safeguarding:/) };
    // A nudge would ring the minor's phone with words nobody else can see; a "got it" is a signal too.
    const nudged = await coach.post(`/api/chat/messages/${messageId}/acks/nudge`);
    expect(nudged.json()).toMatchObject(held);
    const acked = await (await as(app, s.minor)).post(`/api/chat/messages/${messageId}/ack`);
    expect(acked.json()).toMatchObject(held);
    expect((await coach.put(`/api/chat/rooms/${chatRoom.id}/pin`, { messageId })).json()).toMatchObject(held);
    expect((await coach.put(`/api/chat/rooms/${chatRoom.id}/pin`, { messageId: null })).statusCode).toBe(200);
    await superAdmin.patch(`/api/user/${s.director?.id}/status`, { status: 'ACTIVE' });
  });
});

describe.runIf(inject('testDb').kind === 'postgres')('facts that change while a room is made (PostgreSQL)', () => {
  /** What the server's other sessions are waiting on: `Lock` (a row or table) or `advisory`. */
  async function waits(watcher: pg.Client) {
    const { rows } = await watcher.query<{ wait_event: string; query: string }>(
      `select wait_event, query from pg_stat_activity
       where wait_event_type = 'Lock' and datname = current_database() and pid <> pg_backend_pid()`,
    );
    return rows;
  }

  it('a message sent while a guardian is being added counts for them: the send reads the members after the change', async () => {
    const kid = await person('ATHLETE', 'Kit', { dateOfBirth: FIFTEEN });
    const mom = await person('PARENT', 'Mae');
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: mom.id, athleteId: kid.id });
    const roomId = (await openDirect(school.coach, kid)).json().data.id as number;
    const dad = await person('PARENT', 'Dex');
    const coach = await openSocket(app, url, school.coach, sockets);
    const holder = new pg.Client({ connectionString: app.testDatabase.url });
    const watcher = new pg.Client({ connectionString: app.testDatabase.url });
    await holder.connect();
    await watcher.connect();
    try {
      // The reconcile that brings the father in holds the room and then waits to notify him.
      await holder.query('begin');
      await holder.query('lock table notifications in exclusive mode');
      const linking = inTransaction(app.testDatabase.db, async (tx, afterCommit) => {
        await tx.insert(guardianLinks).values({ guardianId: dad.id, athleteId: kid.id });
        const reconciled = await reconcilePeople(
          tx,
          [
            { id: kid.id, organizationId: school.org.id, roles: ['ATHLETE'] },
            { id: dad.id, organizationId: school.org.id, roles: ['PARENT'] },
          ],
          'guardians',
        );
        afterCommit(() => reconciled.emit(app.io));
      });
      await expect.poll(async () => (await waits(watcher)).some((w) => /"notifications"/.test(w.query))).toBe(true);
      // The coach writes meanwhile: the send waits for the room, its snapshot taken before the father joined.
      const sending = emitWithAck<ChatMessage>(coach, SOCKET_EVENTS.chatMessage, {
        roomId,
        message: 'Pick-up moved to 5:30',
        messageType: 'TEXT',
        clientId: crypto.randomUUID(),
      });
      await expect.poll(async () => (await waits(watcher)).some((w) => /jsonb_to_recordset/.test(w.query))).toBe(true);
      await holder.query('rollback');
      await linking;
      const sent = await sending;
      expect(sent.ok, JSON.stringify(sent)).toBe(true);
      const [dadRow] = await app.testDatabase.db
        .select({ unread: chatRoomMembers.unreadCount, reason: chatRoomMembers.reason })
        .from(chatRoomMembers)
        .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, dad.id)));
      // The room's note saying why he joined, and the coach's message.
      expect(dadRow).toEqual({ unread: 2, reason: 'GUARDIAN' });
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
      await watcher.end();
    }
  });

  it('a guardian suspended while a coach opens a room with their child: the room still gets its second adult', async () => {
    const director = await as(app, school.director);
    const kid = await person('ATHLETE', 'Rae', { dateOfBirth: FIFTEEN });
    const mom = await person('PARENT', 'Rita');
    await app.testDatabase.db.insert(guardianLinks).values({ guardianId: mom.id, athleteId: kid.id });
    await coachOf(app, school.coach, kid);
    // A room the mother is in: her suspension reconciles it, and holding its row pauses the
    // suspension there, after it looked up her rooms and before it commits.
    const held = await director.post('/api/chat/rooms/direct', { userId: mom.id });
    expect(held.statusCode, held.body).toBe(200);
    const holder = new pg.Client({ connectionString: app.testDatabase.url });
    const watcher = new pg.Client({ connectionString: app.testDatabase.url });
    await holder.connect();
    await watcher.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from chat_rooms where id = $1 for update', [held.json().data.id]);
      const suspending = director.patch(`/api/user/${mom.id}/status`, { status: 'SUSPENDED' });
      await expect
        .poll(async () => (await waits(watcher)).some((w) => w.wait_event === 'tuple' || /chat_rooms/.test(w.query)))
        .toBe(true);

      // Meanwhile the coach opens a conversation with her child. Without the school's
      // safeguarding lock it read her as active, planned no second adult, and committed first.
      let opened = false;
      const opening = (await as(app, school.coach)).post('/api/chat/rooms/direct', { userId: kid.id }).finally(() => {
        opened = true;
      });
      await expect
        .poll(async () => opened || (await waits(watcher)).some((w) => w.wait_event === 'advisory'))
        .toBe(true);
      await holder.query('rollback');
      expect((await suspending).statusCode).toBe(200);
      const res = await opening;
      expect(res.statusCode, res.body).toBe(200);
      expect(reasons(await roomOf(school.coach, res.json().data.id))).toMatchObject({
        [mom.id]: 'GUARDIAN',
        [school.director.id]: 'SAFEGUARDING',
      });
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
      await watcher.end();
    }
  });
});
