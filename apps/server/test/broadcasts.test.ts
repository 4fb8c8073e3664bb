/**
 * Broadcasts (issue 19 item 1, decision 029): a preview that counts per team and role (minors'
 * guardians brought in), one announcement per team room asking only the chosen people, coaches
 * only in the coaches' room that families never see, tracking per person across teams, scheduled
 * sends that go out once and can be cancelled, and every refusal in the spec's shape.
 */
import {
  type BroadcastPreview,
  type BroadcastTracking,
  broadcastListSchema,
  broadcastPreviewSchema,
  broadcastTrackingSchema,
} from '@fieldhouse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, chatMessages, notifications, teams, users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';

let app: TestApp;
let school: School;
let other: School;
const clients = new Map<number, Awaited<ReturnType<typeof as>>>();

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
});
afterAll(async () => {
  await app.close();
});

async function client(person: { id: number; email: string }) {
  let found = clients.get(person.id);
  if (!found) {
    found = await as(app, person);
    clients.set(person.id, found);
  }
  return found;
}

const WINTER_FAMILIES = { seasons: ['WINTER'], audiences: ['ATHLETE', 'GUARDIAN'] };

async function preview(body: object, person = school.director): Promise<BroadcastPreview> {
  const res = await (await client(person)).post('/api/broadcasts/preview', body);
  expect(res.statusCode, res.body).toBe(200);
  return broadcastPreviewSchema.parse(res.json().data);
}

async function send(body: object, person = school.director): Promise<BroadcastTracking> {
  const res = await (await client(person)).post('/api/broadcasts', body);
  expect(res.statusCode, res.body).toBe(201);
  return broadcastTrackingSchema.parse(res.json().data);
}

const notificationsOf = (userId: number, actionUrl: string) =>
  app.testDatabase.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.actionUrl, actionUrl)));

describe('preview', () => {
  it('counts each team’s athletes, guardians and coaches, and people once', async () => {
    const seen = await preview(WINTER_FAMILIES);
    expect(seen.teams).toEqual([
      { teamId: school.jv.id, name: 'Girls JV Basketball', athletes: 1, guardians: 0, coaches: 0 },
      { teamId: school.varsity.id, name: 'Girls Varsity Basketball', athletes: 1, guardians: 1, coaches: 0 },
    ]);
    // Zoë, her mother Paula, Liam (18, no guardian in the room).
    expect(seen).toMatchObject({ recipients: 3, guardiansForMinors: 0, staffRoom: false });
  });

  it('brings a minor’s guardians in when athletes are chosen, and says so', async () => {
    const seen = await preview({ teamIds: [school.varsity.id], audiences: ['ATHLETE'] });
    expect(seen.teams[0]).toMatchObject({ athletes: 1, guardians: 1, coaches: 0 });
    expect(seen).toMatchObject({ recipients: 2, guardiansForMinors: 1 });
  });

  it('sends coaches only to the coaches’ room', async () => {
    const seen = await preview({ everyone: true, audiences: ['COACH'] });
    expect(seen).toMatchObject({ recipients: 1, staffRoom: true });
  });
});

describe('sending', () => {
  it('posts once per team room, asks and notifies only the chosen people, and tracks them across teams', async () => {
    const sent = await send({
      ...WINTER_FAMILIES,
      content: 'Snow day: all practices today are cancelled.',
      template: 'weather-cancellation',
      requireAck: true,
    });
    expect(sent).toMatchObject({ status: 'SENT', recipients: 3, acknowledged: 0, requireAck: true });
    expect(sent.messages).toHaveLength(2);
    expect(sent.teams.map((t) => t.name).sort()).toEqual(['Girls JV Basketball', 'Girls Varsity Basketball']);
    expect(sent.people.map((p) => [p.firstName, p.askedAs, p.acknowledgedAt])).toEqual([
      ['Liam', 'ATHLETE', null],
      ['Paula', 'GUARDIAN', null],
      ['Zoë', 'ATHLETE', null],
    ]);

    const varsityPost = sent.messages.find((m) => m.teamId === school.varsity.id);
    if (!varsityPost) throw new Error('no varsity post');
    const link = `/messages?roomId=${varsityPost.roomId}&messageId=${varsityPost.messageId}`;
    expect(await notificationsOf(school.parent.id, link)).toHaveLength(1);
    expect(await notificationsOf(school.athlete.id, link)).toHaveLength(1);
    // The coach reads the team room (and the post) but was not chosen: no bell, not asked.
    expect(await notificationsOf(school.coach.id, link)).toHaveLength(0);
    const coachAck = await (await client(school.coach)).post(`/api/chat/messages/${varsityPost.messageId}/ack`);
    expect(coachAck.statusCode).toBe(403);
    const coachReads = await (await client(school.coach)).get(`/api/chat/rooms/${varsityPost.roomId}/messages`);
    expect(coachReads.statusCode, coachReads.body).toBe(200);
    expect(JSON.stringify(coachReads.json())).toContain('Snow day');

    // Two families say "Got it"; the tracking shows who is missing, first.
    for (const person of [school.athlete, school.parent]) {
      const res = await (await client(person)).post(`/api/chat/messages/${varsityPost.messageId}/ack`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const tracked = await (await client(school.director)).get(`/api/broadcasts/${sent.id}`);
    expect(tracked.statusCode, tracked.body).toBe(200);
    const tracking = broadcastTrackingSchema.parse(tracked.json().data);
    expect(tracking).toMatchObject({ recipients: 3, acknowledged: 2 });
    expect(tracking.people[0]).toMatchObject({
      firstName: 'Liam',
      acknowledgedAt: null,
      teams: ['Girls JV Basketball'],
    });
    expect(tracking.people.slice(1).every((p) => p.acknowledgedAt)).toBe(true);
    expect(tracking.missing).toBe(1);
    // Paged and filtered on the server: a district's broadcast reaches thousands.
    const page = broadcastTrackingSchema.parse(
      (await (await client(school.director)).get(`/api/broadcasts/${sent.id}?show=acknowledged&limit=1&page=2`)).json()
        .data,
    );
    expect(page.people.map((p) => p.firstName)).toEqual(['Paula']);
    expect(page.peoplePages).toMatchObject({ totalCount: 2, pageCount: 2, currentPage: 2, isLastPage: true });

    // "Nudge the rest": Liam, the one missing, is reminded; a second nudge at once is refused.
    const nudged = await (await client(school.director)).post(`/api/broadcasts/${sent.id}/nudge`);
    expect(nudged.statusCode, nudged.body).toBe(200);
    expect(nudged.json().data.nudged).toBe(1);
    const again = await (await client(school.director)).post(`/api/broadcasts/${sent.id}/nudge`);
    expect(again.statusCode).toBe(409);
    expect(again.headers['retry-after']).toBeDefined();

    const [audit] = await app.testDatabase.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broadcast.send'), eq(auditLog.entityId, String(sent.id))));
    expect(audit?.summary).toBe('Sent a broadcast to athletes, guardians: 3 people');
  });

  it('keeps coaches’ broadcasts out of families’ sight', async () => {
    const sent = await send({
      everyone: true,
      audiences: ['COACH'],
      content: 'Coaches meeting Tuesday 3:15 in the library.',
    });
    expect(sent).toMatchObject({ recipients: 1, teams: [] });
    const [post] = sent.messages;
    if (!post) throw new Error('no post');
    expect(post.teamId).toBeNull();
    const coachSees = await (await client(school.coach)).get(`/api/chat/rooms/${post.roomId}/messages`);
    expect(coachSees.statusCode, coachSees.body).toBe(200);
    for (const family of [school.athlete, school.parent]) {
      const res = await (await client(family)).get(`/api/chat/rooms/${post.roomId}/messages`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, message: expect.any(String) });
    }
    // A second one reuses the room.
    const again = await send({ everyone: true, audiences: ['COACH'], content: 'Rosters due Friday.' });
    expect(again.messages[0]?.roomId).toBe(post.roomId);
  });

  it('lists the school’s broadcasts newest first, paged', async () => {
    const res = await (await client(school.administrator)).get('/api/broadcasts?limit=2');
    expect(res.statusCode, res.body).toBe(200);
    const list = broadcastListSchema.parse(res.json().data);
    expect(list.paginationInfo.totalCount).toBeGreaterThanOrEqual(3);
    expect(list.result).toHaveLength(2);
    expect(list.result[0]?.content).toBe('Rosters due Friday.');
    const theirs = await (await client(other.director)).get('/api/broadcasts');
    expect(broadcastListSchema.parse(theirs.json().data).result).toEqual([]);
  });
});

describe('scheduled', () => {
  it('goes out once when due, not before', async () => {
    const sendAt = new Date(Date.now() + 60 * 60_000).toISOString();
    const scheduled = await send({ ...WINTER_FAMILIES, content: 'Bus leaves at 3:15 tomorrow.', sendAt });
    expect(scheduled).toMatchObject({ status: 'SCHEDULED', sentAt: null, recipients: 0, messages: [] });
    expect(await app.broadcasts.runOnce(new Date())).toBe(0);
    const later = new Date(Date.now() + 61 * 60_000);
    const [first, second] = await Promise.all([app.broadcasts.runOnce(later), app.broadcasts.runOnce(later)]);
    expect((first ?? 0) + (second ?? 0)).toBe(1);
    const tracked = broadcastTrackingSchema.parse(
      (await (await client(school.director)).get(`/api/broadcasts/${scheduled.id}`)).json().data,
    );
    expect(tracked).toMatchObject({ status: 'SENT', recipients: 3 });
    const posted = await app.testDatabase.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.content, 'Bus leaves at 3:15 tomorrow.'));
    expect(posted).toHaveLength(2);
  });

  it('can be cancelled until it goes, and then never goes', async () => {
    const sendAt = new Date(Date.now() + 30 * 60_000).toISOString();
    const scheduled = await send({
      teamIds: [school.varsity.id],
      audiences: ['GUARDIAN'],
      content: 'Picture day!',
      sendAt,
    });
    const director = await client(school.director);
    const canceled = await director.delete(`/api/broadcasts/${scheduled.id}`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().data.status).toBe('CANCELED');
    const again = await director.delete(`/api/broadcasts/${scheduled.id}`);
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'This broadcast is not waiting to be sent' });
    await app.broadcasts.runOnce(new Date(Date.now() + 31 * 60_000));
    const posted = await app.testDatabase.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.content, 'Picture day!'));
    expect(posted).toHaveLength(0);
  });

  it('refuses a time in the past', async () => {
    const res = await (await client(school.director)).post('/api/broadcasts', {
      ...WINTER_FAMILIES,
      content: 'Too late',
      sendAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'sendAt must be in the future' });
  });
});

describe('who may', () => {
  it('refuses coaches, athletes and guardians; every admin role may', async () => {
    for (const person of [school.coach, school.athlete, school.parent]) {
      const res = await (await client(person)).post('/api/broadcasts/preview', WINTER_FAMILIES);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, message: 'Only the athletic office sends broadcasts' });
    }
    for (const person of [school.superAdmin, school.director, school.administrator, school.assistant]) {
      expect((await (await client(person)).post('/api/broadcasts/preview', WINTER_FAMILIES)).statusCode).toBe(200);
    }
  });

  it('keeps schools apart: another school’s team or broadcast is not found', async () => {
    const res = await (await client(other.director)).post('/api/broadcasts/preview', {
      teamIds: [school.varsity.id],
      audiences: ['ATHLETE'],
    });
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'Team not found' });
    const [mine] = broadcastListSchema.parse(
      (await (await client(school.director)).get('/api/broadcasts')).json().data,
    ).result;
    const peek = await (await client(other.director)).get(`/api/broadcasts/${mine?.id}`);
    expect(peek.json()).toMatchObject({ statusCode: 404, message: 'Broadcast not found' });
  });

  it('answers bad choices clearly', async () => {
    const director = await client(school.director);
    const none = await director.post('/api/broadcasts/preview', { audiences: ['ATHLETE'] });
    expect(none.json()).toMatchObject({ statusCode: 400 });
    expect(none.json().message).toContain('Choose teams, a season or everyone');
    const nobody = await director.post('/api/broadcasts/preview', { seasons: ['WINTER'], audiences: [] });
    expect(nobody.json().message).toContain('Choose who receives it');
    const noSpring = await director.post('/api/broadcasts/preview', { seasons: ['SPRING'], audiences: ['ATHLETE'] });
    expect(noSpring.json()).toMatchObject({ statusCode: 400, message: 'No active team matches that choice' });
    // Nobody of that role on the chosen team: nothing is posted.
    const noGuardians = await director.post('/api/broadcasts', {
      teamIds: [school.jv.id],
      audiences: ['GUARDIAN'],
      content: 'Hello guardians',
    });
    expect(noGuardians.json()).toMatchObject({ statusCode: 400 });
    const stray = await app.testDatabase.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.content, 'Hello guardians'));
    expect(stray).toHaveLength(0);
  });

  it('refuses an archived team by name, and a suspended director', async () => {
    const db = app.testDatabase.db;
    const [archived] = await db
      .insert(teams)
      .values({
        organizationId: school.org.id,
        sportId: school.sport.id,
        name: 'Old Fall Team',
        gender: 'GIRLS',
        season: 'FALL',
        schoolYear: '2025-26',
        status: 'ARCHIVED',
      })
      .returning();
    const res = await (await client(school.director)).post('/api/broadcasts/preview', {
      teamIds: [archived?.id],
      audiences: ['ATHLETE'],
    });
    expect(res.json()).toMatchObject({ statusCode: 409, message: 'Archived teams cannot be messaged: Old Fall Team' });
    const assistant = await client(school.assistant);
    await db
      .update(users)
      .set({ status: 'SUSPENDED' })
      .where(inArray(users.id, [school.assistant.id]));
    const suspended = await assistant.post('/api/broadcasts/preview', WINTER_FAMILIES);
    expect(suspended.statusCode).toBe(403);
  });
});
