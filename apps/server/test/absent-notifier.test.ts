/**
 * Absent members' bell notifications go in batches (decision 036): within a batch one entry per
 * person and room, the newest message's; none for a muted member, the sender or someone with the
 * room open, on this node or another.
 */
import { SOCKET_EVENTS } from '@fieldhouse/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatRoomMembers, notifications } from '../src/db/schema/index.ts';
import { type AbsentNotice, createAbsentNotifier } from '../src/modules/chat/absent-notifier.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool } from './helpers/directory.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';
import { twoNodeCluster } from './helpers/two-nodes.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const { apps, sockets, start } = twoNodeCluster();

type Heard = { title: string; message: string; actionUrl: string };
const link = (roomId: number) => `/messages?roomId=${roomId}`;

async function directRoom(app: TestApp, from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

/** A notifier of `app`'s sockets and database whose failures the test sees. */
function notifierOf(app: TestApp) {
  const errors: unknown[] = [];
  const notify = createAbsentNotifier({ io: app.io, db: app.testDatabase.db, log: { error: (o) => errors.push(o) } });
  return { notify, errors };
}

const bell = (app: TestApp, userId: number, roomId: number) =>
  app.testDatabase.db
    .select({ message: notifications.message, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.actionUrl, link(roomId))));

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('notifying absent members in batches', () => {
  it('gives each absent member one entry per room, the newest message’s; none to the muted, the present or the sender', async () => {
    const app = await buildTestApp();
    apps.push(app);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const school = await buildSchool(app);
    const coachRoom = await directRoom(app, school.director, school.coach);
    const mutedRoom = await directRoom(app, school.director, school.athlete2);
    const openRoom = await directRoom(app, school.director, school.administrator);
    await app.testDatabase.db
      .update(chatRoomMembers)
      .set({ mutedAt: new Date() })
      .where(and(eq(chatRoomMembers.roomId, mutedRoom.id), eq(chatRoomMembers.userId, school.athlete2.id)));
    const coach = await openSocket(app, url, school.coach, sockets);
    const administrator = await openSocket(app, url, school.administrator, sockets);
    expect(await emitWithAck(administrator, SOCKET_EVENTS.joinRoom, { roomId: openRoom.id })).toMatchObject({
      ok: true,
    });
    const heard: Heard[] = [];
    coach.on(SOCKET_EVENTS.notification, (n: Heard) => heard.push(n));
    const administratorHeard: Heard[] = [];
    administrator.on(SOCKET_EVENTS.notification, (n: Heard) => administratorHeard.push(n));

    const { notify, errors } = notifierOf(app);
    const sender = { id: school.director.id, firstName: 'Dana', lastName: 'Director' };
    const rooms = [
      { room: coachRoom, memberIds: [school.director.id, school.coach.id] },
      { room: mutedRoom, memberIds: [school.director.id, school.athlete2.id] },
      { room: openRoom, memberIds: [school.director.id, school.administrator.id] },
    ];
    // Seven messages delivered in one loop (as one stored batch is): one batch of notices.
    for (let i = 0; i < 7; i++) {
      const { room, memberIds } = rooms[i % 3] as (typeof rooms)[number];
      notify({ room, sender, messageId: i + 1, content: `Update ${i}`, memberIds } satisfies AbsentNotice);
    }
    await settle();
    expect(errors).toEqual([]);
    expect(heard).toEqual([
      expect.objectContaining({
        title: 'New message from Dana Director',
        message: 'Update 6',
        actionUrl: link(coachRoom.id),
      }),
    ]);
    expect(await bell(app, school.coach.id, coachRoom.id)).toEqual([{ message: 'Update 6', readAt: null }]);
    expect(await bell(app, school.athlete2.id, mutedRoom.id)).toEqual([]);
    expect(await bell(app, school.administrator.id, openRoom.id)).toEqual([]);
    expect(administratorHeard).toEqual([]);
    expect(await bell(app, school.director.id, coachRoom.id)).toEqual([]);

    // A later batch replaces the unread entry rather than adding one; a quiet notifier sends at once.
    notify({ ...(rooms[0] as (typeof rooms)[number]), sender, messageId: 8, content: 'Bus at 3:15' });
    await settle();
    expect(heard.map((n) => n.message)).toEqual(['Update 6', 'Bus at 3:15']);
    expect(await bell(app, school.coach.id, coachRoom.id)).toEqual([{ message: 'Bus at 3:15', readAt: null }]);
  });
});

describe.skipIf(!redisUrl)('notifying absent members across nodes', () => {
  it('does not notify a member with the room open on another node; one without it is', async () => {
    const { a, b, urlB } = await start();
    const school = await buildSchool(a);
    const looking = await directRoom(a, school.director, school.coach);
    const away = await directRoom(a, school.director, school.administrator);
    // Both on node B; only the coach has the room open.
    const coach = await openSocket(b, urlB, school.coach, sockets);
    await openSocket(b, urlB, school.administrator, sockets);
    expect(await emitWithAck(coach, SOCKET_EVENTS.joinRoom, { roomId: looking.id })).toMatchObject({ ok: true });

    const { notify, errors } = notifierOf(a);
    const sender = { id: school.director.id, firstName: 'Dana', lastName: 'Director' };
    notify({
      room: looking,
      sender,
      messageId: 1,
      content: 'Seen there',
      memberIds: [school.director.id, school.coach.id],
    });
    notify({
      room: away,
      sender,
      messageId: 2,
      content: 'Not seen',
      memberIds: [school.director.id, school.administrator.id],
    });
    await settle();
    expect(errors).toEqual([]);
    expect(await bell(a, school.coach.id, looking.id)).toEqual([]);
    expect(await bell(a, school.administrator.id, away.id)).toEqual([{ message: 'Not seen', readAt: null }]);
  });
});
