/**
 * Who may start what (decision 026) through the API, per role: the contacts list, the direct-room
 * start check, and what a coach, athlete or guardian can no longer learn about people they have
 * no conversation or contact with (the chat room list, presence, other teams' rooms).
 */
import {
  CONTACT_NOT_ALLOWED,
  GUARDIANS_INCLUDED_NOTE,
  type MemberContact,
  memberContactSchema,
  type PresenceSnapshot,
  pagedResponseSchema,
  SECOND_ADULT_NOTE,
  SOCKET_EVENTS,
} from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { guardianLinks, teamMembers, users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, coachOf, type School } from './helpers/directory.ts';
import { buildOrganization, buildUser } from './helpers/factories.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let other: School;
type Person = Awaited<ReturnType<typeof buildUser>>;
/** Coaches the 18+ athlete's own team. */
let coach2: Person;
/** A minor teammate of `school.athlete` on varsity, and her guardian. */
let athlete3: Person;
let parent3: Person;
/** On varsity, suspended. */
let benched: Person;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  const db = app.testDatabase.db;
  const person = (role: Person['role'], firstName: string, lastName: string, extra = {}) =>
    buildUser(app, { role: role ?? undefined, firstName, lastName, organizationId: school.org.id, ...extra });
  coach2 = await person('COACH', 'Theo', 'Trainer');
  await coachOf(app, coach2, school.athlete2);
  athlete3 = await person('ATHLETE', 'Mina', 'Young', { dateOfBirth: '2011-05-05' });
  parent3 = await person('PARENT', 'Mark', 'Young');
  benched = await person('ATHLETE', 'Ben', 'Benched', { status: 'SUSPENDED', dateOfBirth: '2005-01-01' });
  await db.insert(teamMembers).values([
    { teamId: school.varsity.id, userId: athlete3.id },
    { teamId: school.varsity.id, userId: benched.id },
  ]);
  await db.insert(guardianLinks).values({ guardianId: parent3.id, athleteId: athlete3.id });
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const paged = pagedResponseSchema(memberContactSchema);
async function contactsOf(who: { email: string }, query = '') {
  const res = await (await as(app, who)).get(`/api/me/contacts?limit=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return paged.parse(res.json()).data;
}
const byId = (list: { result: MemberContact[] }) => new Map(list.result.map((c) => [c.person.id, c]));
const ids = (list: { result: MemberContact[] }) => list.result.map((c) => c.person.id);
const staffIds = () => [school.superAdmin.id, school.director.id, school.administrator.id, school.assistant.id];
const openDirect = async (from: { email: string }, to: { id: number }) =>
  (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
const varsity = () => [{ id: school.varsity.id, name: school.varsity.name }];

describe('GET /api/me/contacts', () => {
  it('COACH: the staff, the other coaches, their athletes and those athletes’ guardians', async () => {
    const list = await contactsOf(school.coach);
    const found = byId(list);
    expect(new Set(ids(list))).toEqual(
      new Set([...staffIds(), coach2.id, school.athlete.id, athlete3.id, school.parent.id, parent3.id]),
    );
    expect(found.get(school.director.id)).toMatchObject({ group: 'STAFF', note: 'Athletic Director', teams: [] });
    expect(found.get(coach2.id)).toMatchObject({ group: 'COACH', guardiansIncluded: false });
    expect(found.get(school.athlete.id)).toMatchObject({
      group: 'ATHLETE',
      teams: varsity(),
      note: `Athlete · ${school.varsity.name}`,
      guardiansIncluded: true,
      observation: { guardians: true, secondAdult: false, note: GUARDIANS_INCLUDED_NOTE },
      refusal: null,
      roomId: null,
    });
    expect(found.get(school.parent.id)).toMatchObject({
      group: 'GUARDIAN',
      note: 'Guardian of Zoë Núñez',
      teams: varsity(),
      guardiansIncluded: false,
    });
    // The groups come in the contract's order; no contact details of anyone.
    expect(list.result.map((c) => c.group)).toEqual([...list.result.map((c) => c.group)].sort(groupOrder));
    expect(JSON.stringify(list)).not.toMatch(/@school\.example/);
  });

  it('ATHLETE under 18: the staff, their own coach and guardian; guardians join what they start with adults', async () => {
    const list = await contactsOf(school.athlete);
    const found = byId(list);
    expect(new Set(ids(list))).toEqual(new Set([...staffIds(), school.coach.id, school.parent.id]));
    expect(found.get(school.coach.id)).toMatchObject({
      group: 'COACH',
      teams: varsity(),
      note: `Coach · ${school.varsity.name}`,
      guardiansIncluded: true,
    });
    expect(found.get(school.director.id)?.guardiansIncluded).toBe(true);
    expect(found.get(school.parent.id)).toMatchObject({
      group: 'FAMILY',
      note: 'Your guardian',
      guardiansIncluded: false,
    });
  });

  it('ATHLETE of 18+: the staff and the coach of their own team, with nobody else reading along', async () => {
    const list = await contactsOf(school.athlete2);
    expect(new Set(ids(list))).toEqual(new Set([...staffIds(), coach2.id]));
    expect(byId(list).get(coach2.id)).toMatchObject({ group: 'COACH', guardiansIncluded: false });
    expect(byId(list).get(coach2.id)?.teams).toHaveLength(1);
  });

  it('PARENT: the staff, their child’s coach and their child', async () => {
    const list = await contactsOf(school.parent);
    const found = byId(list);
    expect(new Set(ids(list))).toEqual(new Set([...staffIds(), school.coach.id, school.athlete.id]));
    expect(found.get(school.coach.id)).toMatchObject({ group: 'COACH', teams: varsity(), guardiansIncluded: false });
    expect(found.get(school.athlete.id)).toMatchObject({
      group: 'FAMILY',
      note: 'Your child',
      guardiansIncluded: false,
    });
  });

  it('admin roles: their school’s active people, paged and searchable; never another school’s', async () => {
    for (const admin of [school.director, school.assistant]) {
      const list = await contactsOf(admin);
      const found = byId(list);
      expect(found.has(admin.id)).toBe(false);
      expect(found.has(benched.id)).toBe(false);
      for (const id of [school.coach.id, coach2.id, school.athlete2.id, athlete3.id, parent3.id])
        expect(found.has(id)).toBe(true);
      expect(found.get(school.athlete.id)).toMatchObject({ group: 'ATHLETE', guardiansIncluded: true });
      expect(found.get(school.athlete2.id)).toMatchObject({ group: 'ATHLETE', guardiansIncluded: false });
      expect(found.get(school.parent.id)?.group).toBe('GUARDIAN');
      expect(ids(list).some((id) => [other.coach.id, other.athlete.id].includes(id))).toBe(false);
    }
    const first = await contactsOf(school.director, '&limit=2&page=1');
    const all = await contactsOf(school.director);
    expect(first.paginationInfo.totalCount).toBe(all.result.length);
    expect(
      (await (await as(app, school.director)).get('/api/me/contacts?limit=2&page=2')).json().data.result,
    ).toHaveLength(2);
    expect(ids(await contactsOf(school.director, '&q=nunez'))).toEqual([school.athlete.id, school.parent.id]);
    expect(ids(await contactsOf(school.coach, '&search=young'))).toEqual([athlete3.id, parent3.id]);
  });

  it('says ahead when a second adult would join, and when a new room would be refused', async () => {
    const org = await buildOrganization(app, { name: 'Hillcrest Prep' });
    const make = (role: Person['role'], firstName: string, extra = {}) =>
      buildUser(app, { role: role ?? undefined, firstName, lastName: 'Hill', organizationId: org.id, ...extra });
    const coach = await make('COACH', 'Hal');
    const minor = await make('ATHLETE', 'Ivy', { dateOfBirth: '2012-01-01' });
    await coachOf(app, coach, minor);
    // Nobody could be the second adult: the contact says why, and the server refuses the same way.
    const refused = byId(await contactsOf(coach)).get(minor.id);
    expect(refused?.refusal).toMatch(/^Safeguarding: Ivy Hill is under 18 and has no guardian/);
    expect((await openDirect(coach, minor)).json()).toMatchObject({ statusCode: 409, id: 'safeguarding_refused' });
    // With a director, the director is the second adult.
    await make('ATHLETIC_DIRECTOR', 'Dot');
    expect(byId(await contactsOf(coach)).get(minor.id)).toMatchObject({
      refusal: null,
      guardiansIncluded: false,
      observation: { guardians: false, secondAdult: true, note: SECOND_ADULT_NOTE },
    });
    const opened = await openDirect(coach, minor);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(byId(await contactsOf(coach)).get(minor.id)?.roomId).toBe(opened.json().data.id);
  });

  it('another school’s people see none of this school', async () => {
    const list = await contactsOf(other.coach);
    expect(ids(list).some((id) => [school.director.id, school.coach.id, school.athlete.id].includes(id))).toBe(false);
    expect(ids(list)).toContain(other.athlete.id);
  });

  it('refuses a suspended account', async () => {
    const sid = await buildUser(app, { role: 'COACH', organizationId: school.org.id });
    const session = await as(app, sid);
    await app.testDatabase.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, sid.id));
    expect([401, 403]).toContain((await session.get('/api/me/contacts')).statusCode);
    expect([401, 403]).toContain(
      (await session.post('/api/chat/rooms/direct', { userId: school.director.id })).statusCode,
    );
  });
});

const GROUPS = ['COACH', 'STAFF', 'ATHLETE', 'GUARDIAN', 'FAMILY'];
const groupOrder = (a: string, b: string) => GROUPS.indexOf(a) - GROUPS.indexOf(b);

describe('POST /api/chat/rooms/direct: who may start what', () => {
  it('lets each role start with their contacts', async () => {
    for (const [from, to] of [
      [school.coach, school.athlete],
      [school.coach, parent3],
      [school.coach, coach2],
      [school.athlete, school.coach],
      [school.athlete, school.director],
      [school.athlete2, coach2],
      [school.parent, school.coach],
      [school.parent, school.athlete],
      [school.administrator, school.athlete2],
      [school.director, benched],
    ] as const) {
      const res = await openDirect(from, to);
      expect(res.statusCode, `${from.firstName} → ${to.firstName}: ${res.body}`).toBe(200);
    }
    // A parent writing to their own child needs nobody else in the room (decision 018).
    const room = (await openDirect(school.parent, school.athlete)).json().data.id as number;
    const members = (await (await as(app, school.parent)).get(`/api/chat/rooms/${room}`)).json().data.members;
    expect(members.map((m: { id: number }) => m.id).sort()).toEqual([school.parent.id, school.athlete.id].sort());
  });

  it('answers 404 for people the caller cannot see, 403 contact_not_allowed for those they can, naming nobody', async () => {
    // Nothing shared yet: teammates, other families, other teams' coaches are not there for them.
    for (const [from, to] of [
      [school.athlete, athlete3],
      [school.athlete, parent3],
      [school.parent, parent3],
      [school.athlete, coach2],
      [school.athlete2, school.coach],
      [school.parent, coach2],
      [school.coach, school.athlete2],
      [school.coach, benched],
    ] as const) {
      const res = await openDirect(from, to);
      expect(res.statusCode, `${from.firstName} → ${to.firstName}`).toBe(404);
      expect(res.json()).toMatchObject({ message: 'User not found' });
    }
    // Another school and ids that do not exist answer alike.
    expect((await openDirect(school.coach, other.athlete)).statusCode).toBe(404);
    expect((await openDirect(school.director, other.coach)).statusCode).toBe(404);
    expect((await openDirect(school.athlete, { id: 987_654 })).statusCode).toBe(404);

    // Once the team room is open, teammates and their guardians see each other there: refused, 403.
    expect((await (await as(app, school.director)).get(`/api/chat/teams/${school.varsity.id}/rooms`)).statusCode).toBe(
      200,
    );
    for (const [from, to] of [
      [school.athlete, athlete3],
      [school.athlete, parent3],
      [school.parent, parent3],
      [school.parent, athlete3],
    ] as const) {
      const res = await openDirect(from, to);
      expect(res.statusCode, `${from.firstName} → ${to.firstName}`).toBe(403);
      expect(res.json()).toEqual({
        statusCode: 403,
        message: 'You cannot start a conversation with this person',
        id: CONTACT_NOT_ALLOWED,
      });
    }
  });

  it('keeps an existing conversation open to its pair', async () => {
    const first = await openDirect(school.director, school.athlete2);
    expect(first.statusCode).toBe(200);
    // The athlete reaches the director anyway (staff); the same room comes back.
    expect((await openDirect(school.athlete2, school.director)).json().data.id).toBe(first.json().data.id);
  });
});

describe('closed leaks for coaches, athletes and guardians', () => {
  it('the chat room list shows a member only their contacts and conversations, without e-mail or phone', async () => {
    const tab = async (who: { email: string }, name: string) => {
      const res = await (await as(app, who)).get(`/api/chat/rooms?tab=${name}&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.result as {
        counterpart: { id: number; email: string | null; contactNumber: string | null };
      }[];
    };
    const coachAthletes = await tab(school.coach, 'ATHLETES');
    expect(new Set(coachAthletes.map((r) => r.counterpart.id))).toEqual(new Set([school.athlete.id, athlete3.id]));
    expect(coachAthletes.every((r) => r.counterpart.email === null && r.counterpart.contactNumber === null)).toBe(true);
    expect((await tab(school.athlete, 'ATHLETES')).map((r) => r.counterpart.id)).toEqual([]);
    expect((await tab(school.athlete, 'GUARDIANS')).map((r) => r.counterpart.id)).toEqual([school.parent.id]);
    expect((await tab(school.parent, 'COACHES')).map((r) => r.counterpart.id)).toEqual([school.coach.id]);
    // An administrator still has the school with contact details.
    const director = await tab(school.director, 'ATHLETES');
    expect(director.map((r) => r.counterpart.id)).toEqual(expect.arrayContaining([school.athlete2.id, athlete3.id]));
    expect(director.find((r) => r.counterpart.id === school.athlete2.id)?.counterpart.email).toMatch(
      /@school\.example/,
    );
  });

  it('presence: a member learns only about people they share a conversation with or may reach', async () => {
    const coach2Socket = await socketFor(coach2);
    await socketFor(other.coach);
    const athlete = await socketFor(school.athlete);
    const director = await socketFor(school.director);
    const coach = await socketFor(school.coach);
    expect(await query(athlete, [coach2.id, school.coach.id, other.coach.id])).toEqual({
      [coach2.id]: 'offline',
      [school.coach.id]: 'online',
      [other.coach.id]: 'offline',
    });
    expect(await query(director, [coach2.id])).toEqual({ [coach2.id]: 'online' });
    // The athlete did not subscribe to coach2: their going away is not heard.
    const heard: number[] = [];
    athlete.on(SOCKET_EVENTS.presenceOnline, (e: { userId: number }) => heard.push(e.userId));
    await emitWithAck(coach2Socket, SOCKET_EVENTS.userPresence, { status: 'away', timestamp: Date.now() });
    await emitWithAck(coach, SOCKET_EVENTS.userPresence, { status: 'away', timestamp: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([school.coach.id]);
  });

  it('team rooms: a member reaches only their own teams’ rooms; another team reads as missing', async () => {
    const teamRooms = async (who: { email: string }, teamId: number) =>
      (await (await as(app, who)).get(`/api/chat/teams/${teamId}/rooms`)).statusCode;
    expect(await teamRooms(school.athlete, school.varsity.id)).toBe(200);
    expect(await teamRooms(school.parent, school.varsity.id)).toBe(200);
    expect(await teamRooms(school.coach, school.varsity.id)).toBe(200);
    expect(await teamRooms(school.athlete2, school.varsity.id)).toBe(404);
    expect(await teamRooms(coach2, school.varsity.id)).toBe(404);
    expect(await teamRooms(parent3, school.jv.id)).toBe(404);
    expect(await teamRooms(other.coach, school.varsity.id)).toBe(404);
  });

  it('the directory stays closed to members (decision 007)', async () => {
    for (const who of [school.coach, school.athlete, school.parent]) {
      const session = await as(app, who);
      for (const path of [
        '/api/user/list',
        `/api/user/${school.director.id}`,
        '/api/coaches',
        '/api/people/search?role=ATHLETE&search=a',
      ])
        expect((await session.get(path)).statusCode, path).toBe(403);
    }
  });
});

const socketFor = (person: { email: string }) => openSocket(app, url, person, sockets);
async function query(socket: Socket, userIds: number[]) {
  const ack = await emitWithAck<PresenceSnapshot>(socket, SOCKET_EVENTS.presenceQuery, { userIds });
  if (!ack.ok) throw new Error(ack.error.message);
  return ack.data;
}
