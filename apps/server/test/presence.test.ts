import { type PresenceSnapshot, SOCKET_EVENTS } from '@fieldhouse/shared';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';
import { emitWithAck, nextEvent, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let rival: School;
const sockets: Socket[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app);
  rival = await buildSchool(app, 'Eastfield High');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
});

const socketFor = (person: { email: string }) => openSocket(app, url, person, sockets);
const query = async (socket: Socket, userIds: number[]) => {
  const ack = await emitWithAck<PresenceSnapshot>(socket, SOCKET_EVENTS.presenceQuery, { userIds });
  if (!ack.ok) throw new Error(ack.error.message);
  return ack.data;
};

describe('presence snapshot', () => {
  it('reports online, away and offline over a user’s tabs', async () => {
    const director = await socketFor(school.director);
    const nobody = school.athlete2.id;
    expect(await query(director, [school.coach.id, nobody])).toEqual({
      [school.coach.id]: 'offline',
      [nobody]: 'offline',
    });

    const tab1 = await socketFor(school.coach);
    const tab2 = await socketFor(school.coach);
    expect(await query(director, [school.coach.id])).toEqual({ [school.coach.id]: 'online' });

    // One tab away, the other still online: the person is online.
    expect(await emitWithAck(tab1, SOCKET_EVENTS.userPresence, { status: 'away', timestamp: Date.now() })).toEqual({
      ok: true,
      data: { status: 'online' },
    });
    expect(await query(director, [school.coach.id])).toEqual({ [school.coach.id]: 'online' });

    const away = nextEvent<{ userId: number; status: string }>(director, SOCKET_EVENTS.presenceOnline);
    expect(await emitWithAck(tab2, SOCKET_EVENTS.userPresence, { status: 'away', timestamp: Date.now() })).toEqual({
      ok: true,
      data: { status: 'away' },
    });
    expect(await away).toMatchObject({ userId: school.coach.id, status: 'away' });
    expect(await query(director, [school.coach.id, school.coach.id])).toEqual({ [school.coach.id]: 'away' });

    const offline = nextEvent<{ userId: number; status: string }>(director, SOCKET_EVENTS.presenceOffline);
    tab1.close();
    tab2.close();
    expect(await offline).toMatchObject({ userId: school.coach.id, status: 'offline' });
    expect(await query(director, [school.coach.id])).toEqual({ [school.coach.id]: 'offline' });
  });

  it('never reveals people of another organization', async () => {
    const director = await socketFor(school.director);
    const heard: number[] = [];
    for (const event of [SOCKET_EVENTS.presenceOnline, SOCKET_EVENTS.presenceOffline])
      director.on(event, ({ userId }: { userId: number }) => heard.push(userId));
    const outsider = await socketFor(rival.coach);
    const theirDirector = await socketFor(rival.director);
    // The outsider's own organization sees them, so the outsider is really online.
    expect(await query(theirDirector, [rival.coach.id])).toEqual({ [rival.coach.id]: 'online' });
    expect(await query(director, [rival.coach.id, rival.director.id])).toEqual({
      [rival.coach.id]: 'offline',
      [rival.director.id]: 'offline',
    });
    await emitWithAck(outsider, SOCKET_EVENTS.userPresence, { status: 'away', timestamp: Date.now() });
    outsider.close();
    await nextEvent(theirDirector, SOCKET_EVENTS.presenceOffline);
    await query(director, []);
    expect(heard.filter((id) => id === rival.coach.id || id === rival.director.id)).toEqual([]);
  });

  it('stops telling an administrator made a coach about people they may no longer see', async () => {
    const otto = await buildUser(app, {
      role: 'ATHLETIC_ADMINISTRATOR',
      firstName: 'Otto',
      lastName: 'Demoted',
      organizationId: school.org.id,
    });
    const demoted = await socketFor(otto);
    const control = await socketFor(school.director);
    await query(demoted, [school.athlete2.id]);
    await query(control, [school.athlete2.id]);
    const heard: number[] = [];
    demoted.on(SOCKET_EVENTS.presenceOnline, ({ userId }: { userId: number }) => heard.push(userId));
    const res = await (await as(app, school.director)).patch(`/api/user/${otto.id}`, { role: 'COACH' });
    expect(res.statusCode, res.body).toBe(200);
    // Any event of the demoted socket waits for its re-read (whenFresh): after this one it is done.
    await query(demoted, []);
    const online = nextEvent<{ userId: number }>(control, SOCKET_EVENTS.presenceOnline);
    await socketFor(school.athlete2);
    expect(await online).toMatchObject({ userId: school.athlete2.id });
    await query(demoted, []);
    expect(heard).toEqual([]);
  });

  it('stops telling a guardian unlinked from a child, and the child about them', async () => {
    const person = (role: 'ATHLETE' | 'PARENT', firstName: string, extra = {}) =>
      buildUser(app, { role, firstName, lastName: 'Unlinked', organizationId: school.org.id, ...extra });
    const kid = await person('ATHLETE', 'Kit', { dateOfBirth: `${new Date().getFullYear() - 14}-03-03` });
    const dad = await person('PARENT', 'Dan');
    const director = await as(app, school.director);
    const linked = await director.post(`/api/user/${kid.id}/guardians`, { guardianId: dad.id });
    expect(linked.statusCode, linked.body).toBeLessThan(300);
    const [dadSocket, kidSocket, control] = [
      await socketFor(dad),
      await socketFor(kid),
      await socketFor(school.director),
    ];
    await query(dadSocket, [kid.id]);
    await query(kidSocket, [dad.id]);
    await query(control, [kid.id, dad.id]);
    const heard = { dad: [] as number[], kid: [] as number[] };
    dadSocket.on(SOCKET_EVENTS.presenceOnline, ({ userId }: { userId: number }) => heard.dad.push(userId));
    kidSocket.on(SOCKET_EVENTS.presenceOnline, ({ userId }: { userId: number }) => heard.kid.push(userId));
    const goes = async (socket: Socket, who: number, status: 'away' | 'online') => {
      const seen = nextEvent<{ userId: number }>(control, SOCKET_EVENTS.presenceOnline);
      await emitWithAck(socket, SOCKET_EVENTS.userPresence, { status, timestamp: Date.now() });
      expect(await seen).toMatchObject({ userId: who });
    };
    // Linked, each hears the other.
    await goes(kidSocket, kid.id, 'away');
    await goes(dadSocket, dad.id, 'away');
    await query(dadSocket, []);
    await query(kidSocket, []);
    expect(heard).toEqual({ dad: [kid.id], kid: [dad.id] });

    const res = await director.delete(`/api/user/${kid.id}/guardians/${dad.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // Any event of a socket waits for its re-check: after these, both are done.
    await query(dadSocket, []);
    await query(kidSocket, []);
    await goes(kidSocket, kid.id, 'online');
    await goes(dadSocket, dad.id, 'online');
    await query(dadSocket, []);
    await query(kidSocket, []);
    expect(heard).toEqual({ dad: [kid.id], kid: [dad.id] });
  });

  it('tells only the sockets that asked about someone', async () => {
    const watching = await socketFor(school.director);
    const notWatching = await socketFor(school.administrator);
    await query(watching, [school.athlete.id]);
    const heard: number[] = [];
    notWatching.on(SOCKET_EVENTS.presenceOnline, ({ userId }: { userId: number }) => heard.push(userId));
    const online = nextEvent<{ userId: number; status: string }>(watching, SOCKET_EVENTS.presenceOnline);
    await socketFor(school.athlete);
    expect(await online).toMatchObject({ userId: school.athlete.id, status: 'online' });
    await query(notWatching, []);
    expect(heard).not.toContain(school.athlete.id);
  });

  it('refuses a malformed query', async () => {
    const director = await socketFor(school.director);
    expect(await emitWithAck(director, SOCKET_EVENTS.presenceQuery, { userIds: ['x'] })).toMatchObject({
      ok: false,
      error: { statusCode: 400 },
    });
    expect(await query(director, [])).toEqual({});
  });
});
