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
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  broadcastRecipients,
  broadcasts,
  chatMessages,
  coaches,
  guardianLinks,
  notifications,
  teamCoaches,
  teamMembers,
  teams,
  users,
} from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';

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
    expect(again.json()).toMatchObject({
      statusCode: 409,
      message: 'This broadcast was already sent or cancelled, so it can no longer be cancelled',
    });
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

describe('a scheduled broadcast whose sender or school changed', () => {
  const soon = () => new Date(Date.now() + 60 * 60_000).toISOString();
  const statusOf = async (id: number) =>
    (await app.testDatabase.db.select().from(broadcasts).where(eq(broadcasts.id, id)))[0]?.status;
  const stored = (content: string) =>
    app.testDatabase.db.select().from(chatMessages).where(eq(chatMessages.content, content));

  it('is cancelled when its sender was made a coach (it went out before the fix)', async () => {
    const admin = await buildUser(app, { role: 'ATHLETIC_ADMINISTRATOR', organizationId: school.org.id });
    const content = 'Gym closed Saturday (from a former administrator)';
    const scheduled = await send({ ...WINTER_FAMILIES, content, sendAt: soon() }, admin);
    const demoted = await (await client(school.director)).patch(`/api/user/${admin.id}`, { role: 'COACH' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await app.broadcasts.runOnce(new Date(Date.now() + 61 * 60_000))).toBe(0);
    expect(await statusOf(scheduled.id)).toBe('CANCELED');
    expect(await stored(content)).toHaveLength(0);
  });

  it('is cancelled when its school was deactivated', async () => {
    const pine = await buildSchool(app, 'Pine Hill High');
    const content = 'Pine Hill pep rally moved to Friday';
    const scheduled = await send({ ...WINTER_FAMILIES, content, sendAt: soon() }, pine.director);
    const off = await (await client(pine.superAdmin)).post(`/api/auth/organizations/${pine.org.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(await app.broadcasts.runOnce(new Date(Date.now() + 61 * 60_000))).toBe(0);
    expect(await statusOf(scheduled.id)).toBe('CANCELED');
    expect(await stored(content)).toHaveLength(0);
  });
});

describe('editing a scheduled broadcast', () => {
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const schedule = (content: string, minutes = 60) =>
    send({ teamIds: [school.varsity.id], audiences: ['GUARDIAN'], content, requireAck: true, sendAt: later(minutes) });

  it('rewrites its words, whom, acknowledgement and time; the edited one is what goes out', async () => {
    const scheduled = await schedule('Practice moves to 4pm.');
    const director = await client(school.director);
    const res = await director.patch(`/api/broadcasts/${scheduled.id}`, {
      seasons: ['WINTER'],
      audiences: ['ATHLETE', 'GUARDIAN'],
      content: 'Practice moves to 5pm, both teams.',
      requireAck: false,
      sendAt: later(90),
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited = broadcastTrackingSchema.parse(res.json().data);
    expect(edited).toMatchObject({
      status: 'SCHEDULED',
      content: 'Practice moves to 5pm, both teams.',
      audiences: ['ATHLETE', 'GUARDIAN'],
      requireAck: false,
      targets: { teamIds: [], seasons: ['WINTER'], everyone: false },
    });
    const [audit] = await app.testDatabase.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'broadcast.edit'), eq(auditLog.entityId, String(scheduled.id))));
    expect(audit?.actorId).toBe(school.director.id);
    expect(audit?.before).toMatchObject({ content: 'Practice moves to 4pm.', audiences: ['GUARDIAN'] });
    expect(audit?.after).toMatchObject({ content: 'Practice moves to 5pm, both teams.', requireAck: false });

    // Not yet at the old time's successor, then out with the edited words to both teams.
    await app.broadcasts.runOnce(new Date(Date.now() + 61 * 60_000));
    const early = await app.testDatabase.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.content, 'Practice moves to 5pm, both teams.'));
    expect(early).toHaveLength(0);
    await app.broadcasts.runOnce(new Date(Date.now() + 91 * 60_000));
    const sent = broadcastTrackingSchema.parse((await director.get(`/api/broadcasts/${scheduled.id}`)).json().data);
    expect(sent).toMatchObject({ status: 'SENT', recipients: 3, requireAck: false });
    expect(sent.messages).toHaveLength(2);
    const old = await app.testDatabase.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.content, 'Practice moves to 4pm.'));
    expect(old).toHaveLength(0);
  });

  it('answers 409 once it has gone out or been cancelled, and changes nothing', async () => {
    const director = await client(school.director);
    const body = { teamIds: [school.varsity.id], audiences: ['GUARDIAN'], content: 'Too late', sendAt: later(60) };
    const gone = await schedule('Already gone.', 10);
    await app.broadcasts.runOnce(new Date(Date.now() + 11 * 60_000));
    const afterSend = await director.patch(`/api/broadcasts/${gone.id}`, body);
    expect(afterSend.json()).toMatchObject({
      statusCode: 409,
      message: 'This broadcast was already sent or cancelled, so it can no longer be edited',
    });
    const canceled = await schedule('Cancelled one.');
    expect((await director.delete(`/api/broadcasts/${canceled.id}`)).statusCode).toBe(200);
    const afterCancel = await director.patch(`/api/broadcasts/${canceled.id}`, body);
    expect(afterCancel.statusCode).toBe(409);
    const still = broadcastTrackingSchema.parse((await director.get(`/api/broadcasts/${canceled.id}`)).json().data);
    expect(still).toMatchObject({ status: 'CANCELED', content: 'Cancelled one.' });
    const edits = await app.testDatabase.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'broadcast.edit'), inArray(auditLog.entityId, [String(gone.id), String(canceled.id)])),
      );
    expect(edits).toHaveLength(0);
  });

  it('racing the send job, either the edit or the send wins whole', async () => {
    for (let round = 0; round < 3; round += 1) {
      const original = `Race ${round}: original words.`;
      const rewritten = `Race ${round}: edited words.`;
      const scheduled = await schedule(original, 30);
      const [edit] = await Promise.all([
        (await client(school.director)).patch(`/api/broadcasts/${scheduled.id}`, {
          teamIds: [school.varsity.id],
          audiences: ['GUARDIAN'],
          content: rewritten,
          sendAt: later(45),
        }),
        app.broadcasts.runOnce(new Date(Date.now() + 120 * 60_000)),
      ]);
      expect([200, 409]).toContain(edit.statusCode);
      // If the send claimed it first, the edit changed nothing; otherwise the edited words went out.
      await app.broadcasts.runOnce(new Date(Date.now() + 120 * 60_000));
      const posted = await app.testDatabase.db
        .select({ content: chatMessages.content })
        .from(chatMessages)
        .where(inArray(chatMessages.content, [original, rewritten]));
      expect(posted).toEqual([{ content: edit.statusCode === 200 ? rewritten : original }]);
    }
  });

  it('refuses a past time, another school and anyone outside the office', async () => {
    const scheduled = await schedule('Picture day moved.');
    const body = { teamIds: [school.varsity.id], audiences: ['GUARDIAN'], content: 'New words', sendAt: later(60) };
    const past = await (await client(school.director)).patch(`/api/broadcasts/${scheduled.id}`, {
      ...body,
      sendAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.json()).toMatchObject({ statusCode: 400, message: 'sendAt must be in the future' });
    const theirs = await (await client(other.director)).patch(`/api/broadcasts/${scheduled.id}`, body);
    expect(theirs.json()).toMatchObject({ statusCode: 404, message: 'Broadcast not found' });
    // Another school's team named in the edit: 404 as everywhere.
    const foreignTeam = await (await client(school.director)).patch(`/api/broadcasts/${scheduled.id}`, {
      ...body,
      teamIds: [other.varsity.id],
    });
    expect(foreignTeam.json()).toMatchObject({ statusCode: 404, message: 'Team not found' });
    for (const person of [school.coach, school.athlete, school.parent]) {
      const res = await (await client(person)).patch(`/api/broadcasts/${scheduled.id}`, body);
      expect(res.json()).toMatchObject({ statusCode: 403, message: 'Only the athletic office sends broadcasts' });
    }
    const unchanged = broadcastTrackingSchema.parse(
      (await (await client(school.director)).get(`/api/broadcasts/${scheduled.id}`)).json().data,
    );
    expect(unchanged.content).toBe('Picture day moved.');
  });
});

describe('a person on two chosen teams', () => {
  let twin: School;
  beforeAll(async () => {
    // Zoë (a minor, so Paula comes too) and coach Cora are on both teams.
    twin = await buildSchool(app, 'Northgate High');
    const db = app.testDatabase.db;
    await db.insert(teamMembers).values({ teamId: twin.jv.id, userId: twin.athlete.id });
    const [coachRow] = await db.select().from(coaches).where(eq(coaches.userId, twin.coach.id));
    await db.insert(teamCoaches).values({ coachId: coachRow?.id as number, teamId: twin.jv.id, role: 'ASSISTANT' });
  });
  const everyoneOfBoth = () => ({
    teamIds: [twin.varsity.id, twin.jv.id],
    audiences: ['ATHLETE', 'GUARDIAN', 'COACH'],
  });

  it('is counted once in the preview, in what was sent, in the tracking and in the nudge', async () => {
    const seen = await preview(everyoneOfBoth(), twin.director);
    expect(seen.teams).toEqual([
      { teamId: twin.jv.id, name: 'Girls JV Basketball', athletes: 2, guardians: 1, coaches: 1 },
      { teamId: twin.varsity.id, name: 'Girls Varsity Basketball', athletes: 1, guardians: 1, coaches: 1 },
    ]);
    // Zoë, Liam, Paula, Cora.
    expect(seen.recipients).toBe(4);

    const sent = await send({ ...everyoneOfBoth(), content: 'Both teams: gym closed Monday.' }, twin.director);
    expect(sent.messages).toHaveLength(2);
    expect(sent.recipients).toBe(seen.recipients);
    // Stored per post (Zoë, Paula and Cora in both rooms), distinct people as previewed.
    const stored = await app.testDatabase.db
      .select({
        people: sql<number>`count(distinct ${broadcastRecipients.userId})::int`,
        rows: sql<number>`count(*)::int`,
      })
      .from(broadcastRecipients)
      .where(eq(broadcastRecipients.broadcastId, sent.id));
    expect(stored[0]).toEqual({ people: 4, rows: 7 });
    expect(sent.people).toHaveLength(4);
    expect(sent.people.find((p) => p.id === twin.athlete.id)?.teams).toEqual([
      'Girls JV Basketball',
      'Girls Varsity Basketball',
    ]);

    // Liam says "Got it"; the nudge reminds the three others once each, across both rooms.
    const jvPost = sent.messages.find((m) => m.teamId === twin.jv.id);
    const ack = await (await client(twin.athlete2)).post(`/api/chat/messages/${jvPost?.messageId}/ack`);
    expect(ack.statusCode, ack.body).toBe(200);
    const nudged = await (await client(twin.director)).post(`/api/broadcasts/${sent.id}/nudge`);
    expect(nudged.statusCode, nudged.body).toBe(200);
    expect(nudged.json().data.nudged).toBe(3);
    const tracked = broadcastTrackingSchema.parse(
      (await (await client(twin.director)).get(`/api/broadcasts/${sent.id}`)).json().data,
    );
    expect(tracked).toMatchObject({ recipients: 4, acknowledged: 1, missing: 3 });
  });
});

describe('the organization acted in', () => {
  it('a SUPER_ADMIN acts for the school they choose, and only that one', async () => {
    const sam = await client(school.superAdmin);
    const theirTeam = { teamIds: [other.varsity.id], audiences: ['GUARDIAN'] };
    // Without choosing, their own school: Eastview's team is not found.
    expect((await sam.post('/api/broadcasts/preview', theirTeam)).json()).toMatchObject({ statusCode: 404 });
    const chosen = await sam.post(`/api/broadcasts/preview?organizationId=${other.org.id}`, theirTeam);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(broadcastPreviewSchema.parse(chosen.json().data).recipients).toBe(1);

    const scheduled = await send(
      {
        teamIds: [other.varsity.id],
        audiences: ['GUARDIAN'],
        content: 'Eastview news',
        sendAt: new Date(Date.now() + 3600_000).toISOString(),
      },
      other.director,
    );
    const url = `/api/broadcasts/${scheduled.id}`;
    const body = {
      ...theirTeam,
      content: 'Eastview news, edited',
      sendAt: new Date(Date.now() + 7200_000).toISOString(),
    };
    for (const res of [await sam.get(url), await sam.patch(url, body), await sam.delete(url)]) {
      expect(res.json()).toMatchObject({ statusCode: 404, message: 'Broadcast not found' });
    }
    const q = `?organizationId=${other.org.id}`;
    expect((await sam.get(url + q)).statusCode).toBe(200);
    const edited = await sam.patch(url + q, body);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.content).toBe('Eastview news, edited');
    expect((await sam.delete(url + q)).json().data.status).toBe('CANCELED');
    // An admin of one school naming another: 403, not a way in.
    const other403 = await (await client(school.director)).get(`/api/broadcasts?organizationId=${other.org.id}`);
    expect(other403.statusCode).toBe(403);
  });

  it('another school’s admin gets 404 for every action; coaches, athletes and guardians 403', async () => {
    const mine = await send({ ...WINTER_FAMILIES, content: 'Westfield only' });
    const url = `/api/broadcasts/${mine.id}`;
    const eastview = await client(other.director);
    for (const res of [await eastview.get(url), await eastview.post(`${url}/nudge`), await eastview.delete(url)]) {
      expect(res.json()).toMatchObject({ statusCode: 404, message: 'Broadcast not found' });
    }
    for (const person of [school.coach, school.athlete, school.parent]) {
      const c = await client(person);
      for (const res of [
        await c.get('/api/broadcasts'),
        await c.get(url),
        await c.post(`${url}/nudge`),
        await c.delete(url),
        await c.post('/api/broadcasts', { ...WINTER_FAMILIES, content: 'x' }),
      ]) {
        expect(res.json()).toMatchObject({ statusCode: 403, message: 'Only the athletic office sends broadcasts' });
      }
    }
  });
});

describe('a school’s own templates', () => {
  it('are saved, listed by name for that school only, refused twice by name, and deleted', async () => {
    const director = await client(school.director);
    const saved = await director.post('/api/broadcasts/templates', {
      name: '  Gym closed ',
      content: 'The gym is closed {date}; practice moves to {place}.',
      requireAck: false,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data).toMatchObject({ name: 'Gym closed', requireAck: false });
    const id = saved.json().data.id as number;
    expect(
      (await director.post('/api/broadcasts/templates', { name: 'Awards night', content: 'Awards night is {date}.' }))
        .statusCode,
    ).toBe(201);
    const twice = await director.post('/api/broadcasts/templates', { name: 'GYM CLOSED', content: 'Again' });
    expect(twice.json()).toMatchObject({ statusCode: 409, message: 'A template named “GYM CLOSED” already exists' });
    const empty = await director.post('/api/broadcasts/templates', { name: ' ', content: 'x' });
    expect(empty.json()).toMatchObject({ statusCode: 400 });

    // Every admin of the school sees them, by name; another school sees none of them.
    const listed = await (await client(school.administrator)).get('/api/broadcasts/templates');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((t: { name: string }) => t.name)).toEqual(['Awards night', 'Gym closed']);
    expect((await (await client(other.director)).get('/api/broadcasts/templates')).json().data).toEqual([]);
    // A SUPER_ADMIN sees the school they choose.
    const sam = await client(other.superAdmin);
    const chosen = await sam.get(`/api/broadcasts/templates?organizationId=${school.org.id}`);
    expect(chosen.json().data).toHaveLength(2);

    const theirs = await (await client(other.director)).delete(`/api/broadcasts/templates/${id}`);
    expect(theirs.json()).toMatchObject({ statusCode: 404, message: 'Template not found' });
    for (const person of [school.coach, school.athlete, school.parent]) {
      const c = await client(person);
      for (const res of [
        await c.get('/api/broadcasts/templates'),
        await c.post('/api/broadcasts/templates', { name: 'Mine', content: 'x' }),
        await c.delete(`/api/broadcasts/templates/${id}`),
      ]) {
        expect(res.json()).toMatchObject({ statusCode: 403, message: 'Only the athletic office sends broadcasts' });
      }
    }

    const deleted = await director.delete(`/api/broadcasts/templates/${id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await director.get('/api/broadcasts/templates');
    expect(after.json().data.map((t: { name: string }) => t.name)).toEqual(['Awards night']);
    const audit = await app.testDatabase.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'broadcast_template'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['broadcast-template.create', 'broadcast-template.delete']);
  });
});

describe('the preview and the send read one rule', () => {
  let south: School;
  beforeAll(async () => {
    // The cases where counting from the roster and reading the room used to disagree: a coach who
    // is also a guardian of an athlete (in the room as a coach, not as a guardian), a team manager
    // on the roster who is not an athlete (in the room as a participant), and a coach of another
    // team already in the coaches' room.
    south = await buildSchool(app, 'Southfield High');
    const db = app.testDatabase.db;
    await db
      .insert(guardianLinks)
      .values({ guardianId: south.coach.id, athleteId: south.athlete.id, relationship: 'Aunt' });
    const manager = await buildUser(app, {
      role: 'PARENT',
      firstName: 'Mo',
      lastName: 'Manager',
      organizationId: south.org.id,
    });
    await db.insert(teamMembers).values({ teamId: south.jv.id, userId: manager.id });
    const carl = await buildUser(app, {
      role: 'COACH',
      firstName: 'Carl',
      lastName: 'Coach',
      organizationId: south.org.id,
    });
    const [carlRow] = await db.insert(coaches).values({ userId: carl.id, title: 'Coach' }).returning();
    await db.insert(teamCoaches).values({ coachId: carlRow?.id as number, teamId: south.jv.id, role: 'HEAD' });
  });

  const stored = async (broadcastId: number) => {
    const rows = await app.testDatabase.db
      .select({
        userId: broadcastRecipients.userId,
        askedAs: broadcastRecipients.askedAs,
        teamId: sql<number | null>`bm.team_id`,
      })
      .from(broadcastRecipients)
      .innerJoin(sql`broadcast_messages bm`, sql`bm.message_id = ${broadcastRecipients.messageId}`)
      .where(eq(broadcastRecipients.broadcastId, broadcastId));
    return rows;
  };

  it('counts, per team and in total, exactly whom the send reaches and stores', async () => {
    const choices = [
      { everyone: true, audiences: ['COACH'] },
      { teamIds: [south.varsity.id], audiences: ['GUARDIAN'] },
      { teamIds: [south.varsity.id, south.jv.id], audiences: ['ATHLETE', 'COACH'] },
      { seasons: ['WINTER'], audiences: ['ATHLETE', 'GUARDIAN', 'COACH'] },
      { teamIds: [south.jv.id], audiences: ['COACH'] },
    ];
    for (const [i, choice] of choices.entries()) {
      const seen = await preview(choice, south.director);
      const sent = await send({ ...choice, content: `One rule ${i}` }, south.director);
      const rows = await stored(sent.id);
      expect(new Set(rows.map((r) => r.userId)).size, JSON.stringify(choice)).toBe(seen.recipients);
      expect(sent.recipients).toBe(seen.recipients);
      if (seen.staffRoom) continue;
      for (const team of seen.teams) {
        const of = (as: string) =>
          new Set(rows.filter((r) => Number(r.teamId) === team.teamId && r.askedAs === as).map((r) => r.userId)).size;
        expect(
          { athletes: of('ATHLETE'), guardians: of('GUARDIAN'), coaches: of('COACH') },
          JSON.stringify(choice),
        ).toEqual({
          athletes: team.athletes,
          guardians: team.guardians,
          coaches: team.coaches,
        });
      }
    }
  });

  it('a coaches-only broadcast to some teams reaches only their coaches, though the coaches’ room holds more', async () => {
    const sent = await send(
      { teamIds: [south.varsity.id], audiences: ['COACH'], content: 'Varsity coaches only' },
      south.director,
    );
    expect(sent.people.map((p) => p.firstName)).toEqual(['Cora']);
    const [post] = sent.messages;
    const carl = await app.testDatabase.db
      .select()
      .from(users)
      .where(and(eq(users.firstName, 'Carl'), eq(users.organizationId, south.org.id)));
    const carlId = carl[0]?.id as number;
    expect(await notificationsOf(carlId, `/messages?roomId=${post?.roomId}&messageId=${post?.messageId}`)).toHaveLength(
      0,
    );
    const carlAck = await (await client(carl[0] as { id: number; email: string })).post(
      `/api/chat/messages/${post?.messageId}/ack`,
    );
    expect(carlAck.statusCode).toBe(403);
  });
});
