/**
 * The e-mail digest (decision 028) at a real SMTP server: an offline coach with unread messages
 * gets one digest after DIGEST_AFTER_MINUTES, not again without something new, not while they
 * are back; a new batch gets a new digest; the unsubscribe link (a page with a button, then the
 * POST) turns it off for good. The job's rounds are run with a moved clock (`runOnce(now)`), the
 * timer itself is set far away.
 */
import { randomUUID } from 'node:crypto';
import { type ChatMessage, SOCKET_EVENTS, toWallString } from '@fieldhouse/shared';
import { desc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliveryState, mailOutbox, users } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import { emitWithAck, openSocket } from './helpers/sockets.ts';

let app: TestApp;
let url: string;
let school: School;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({
    SMTP_URL: smtp.url,
    DIGEST_AFTER_MINUTES: '1',
    DIGEST_CHECK_SECONDS: '3600',
    PUBLIC_URL: 'https://fieldhouse.westfield.example',
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  school = await buildSchool(app);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  for (const started = Date.now(); Date.now() - started < ms; ) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out');
};

const lastSeen = async (userId: number) =>
  (await app.database.db.select().from(deliveryState).where(eq(deliveryState.userId, userId)))[0]?.lastSeenAt ?? null;

/** Opens the app and leaves it: the person has been seen, and is offline now. */
async function visitAndLeave(person: { id: number; email: string }) {
  const before = await lastSeen(person.id);
  const socket = await openSocket(app, url, person, sockets);
  socket.close();
  await until(async () => {
    const seen = await lastSeen(person.id);
    return seen !== null && (before === null || seen > before);
  });
}

async function directRoom(from: { email: string }, to: { id: number }) {
  const res = await (await as(app, from)).post('/api/chat/rooms/direct', { userId: to.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

async function send(from: { email: string }, roomId: number, ...messages: string[]) {
  const socket = await openSocket(app, url, from, sockets);
  const sent: ChatMessage[] = [];
  for (const message of messages) {
    const ack = await emitWithAck<ChatMessage>(socket, SOCKET_EVENTS.chatMessage, {
      roomId,
      message,
      clientId: randomUUID(),
    });
    if (!ack.ok) throw new Error(JSON.stringify(ack));
    sent.push(ack.data);
  }
  socket.close();
  return sent;
}

const newCoach = (firstName: string) =>
  buildUser(app, { role: 'COACH', organizationId: school.org.id, firstName, lastName: 'Offline' });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "Nov 26, 3:05 PM" of an instant on the school's clock, worked out apart from the code under test. */
const clock = (iso: string) => {
  const wall = toWallString(new Date(iso), school.org.timezone);
  const [month = 1, day = 1] = wall.slice(5, 10).split('-').map(Number);
  const [hour = 0, minute = 0] = wall.slice(11).split(':').map(Number);
  const time = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[month - 1]} ${day}, ${time}`;
};

describe('an offline coach', () => {
  it('gets one digest of their unread messages after the wait, with links, times and one-click unsubscribe', async () => {
    const coach = await newCoach('Casey');
    await visitAndLeave(coach);
    const fromDirector = await directRoom(school.director, coach);
    const fromAdmin = await directRoom(school.administrator, coach);
    await send(school.director, fromDirector.id, 'Budget forms are due Friday', 'Also: the bus is booked');
    const [, , last] = await send(
      school.administrator,
      fromAdmin.id,
      'Gym is free at 4',
      'Or 5',
      'Court 2 <b>only</b>',
    );

    // Too soon: the messages are younger than DIGEST_AFTER_MINUTES.
    expect(await app.delivery.digest.runOnce(later(10_000))).toBe(0);
    expect(await app.delivery.digest.runOnce(later(MINUTE + 5_000))).toBe(1);
    await until(() => smtp.to(coach.email).length === 1);
    const [mail] = smtp.to(coach.email);
    if (!mail) throw new Error('no mail');
    expect(mail.headers.get('subject')).toBe('You have 5 unread messages in 2 conversations');
    const unsubscribe = mail.headers.get('list-unsubscribe')?.match(/^<(https:[^>]+)>$/)?.[1] as string;
    expect(unsubscribe).toMatch(
      /^https:\/\/fieldhouse\.westfield\.example\/api\/notifications\/unsubscribe\?token=v1\.\d+\.[\w-]{43}$/,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Newest conversation first, each with its unread count, latest words, sender and school time.
    expect(mail.text).toContain('You have 5 unread messages in 2 conversations.');
    expect(mail.text.indexOf('* Ari Admin (3 unread)')).toBeLessThan(mail.text.indexOf('* Dana Director (2 unread)'));
    expect(mail.text).toContain('"Court 2 <b>only</b>"');
    expect(mail.text).toContain(`Ari Admin, ${clock(last?.createdAt as string)}`);
    expect(mail.text).toMatch(/C[SD]T/);
    expect(mail.text).toContain(`https://fieldhouse.westfield.example/m/chats/${fromAdmin.id}`);
    expect(mail.text).toContain('Open Fieldhouse: https://fieldhouse.westfield.example/m/');
    expect(mail.text).toContain(`Stop these e-mails: ${unsubscribe}`);
    // The HTML twin escapes what people wrote.
    expect(mail.html).toContain('Court 2 &lt;b&gt;only&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>only</b>');
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    const [row] = await app.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, coach.email))
      .orderBy(desc(mailOutbox.id));
    expect(row).toMatchObject({ kind: 'notification-digest', subject: mail.headers.get('subject') });
    await until(
      async () =>
        (
          await app.database.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.id, row?.id as number))
        )[0]?.sentAt != null,
    );

    // Nothing new: no second mail however long they stay away.
    expect(await app.delivery.digest.runOnce(later(2 * MINUTE))).toBe(0);
    expect(await app.delivery.digest.runOnce(later(60 * MINUTE))).toBe(0);
    // Something new: one more digest, counting everything still unread.
    await send(school.director, fromDirector.id, 'Reminder: forms');
    expect(await app.delivery.digest.runOnce(later(10_000))).toBe(0);
    expect(await app.delivery.digest.runOnce(later(MINUTE + 5_000))).toBe(1);
    await until(() => smtp.to(coach.email).length === 2);
    expect(smtp.to(coach.email)[1]?.headers.get('subject')).toBe('You have 6 unread messages in 2 conversations');
  });

  it('gets none while looking at the app, nor right after coming back; the wait starts when they leave', async () => {
    const coach = await newCoach('Robin');
    await visitAndLeave(coach);
    const room = await directRoom(school.director, coach);
    await send(school.director, room.id, 'Are you there?');
    const back = await openSocket(app, url, coach, sockets);
    expect(await app.delivery.digest.runOnce(later(MINUTE + 5_000))).toBe(0);
    await until(async () => ((await lastSeen(coach.id))?.getTime() ?? 0) > Date.now() - 5_000);
    const whileBack = (await lastSeen(coach.id)) as Date;
    back.close();
    // Leaving is a visit too.
    await until(async () => ((await lastSeen(coach.id))?.getTime() ?? 0) > whileBack.getTime());
    // Left just now: the message is old enough, but they were here less than a minute ago.
    expect(await app.delivery.digest.runOnce(later(30_000))).toBe(0);
    expect(await app.delivery.digest.runOnce(later(MINUTE + 5_000))).toBe(1);
    await until(() => smtp.to(coach.email).length === 1);
  });

  it('counts an API call as a visit', async () => {
    const coach = await newCoach('Jordan');
    const room = await directRoom(school.director, coach);
    await send(school.director, room.id, 'Ping');
    expect(await lastSeen(coach.id)).toBeNull();
    expect((await (await as(app, coach)).get('/api/me/preferences')).statusCode).toBe(200);
    await until(async () => ((await lastSeen(coach.id))?.getTime() ?? 0) > Date.now() - 5_000);
    expect(await app.delivery.digest.runOnce(later(30_000))).toBe(0);
    expect(await app.delivery.digest.runOnce(later(MINUTE + 5_000))).toBeGreaterThanOrEqual(1);
    await until(() => smtp.to(coach.email).length === 1);
  });

  it('is mailed once per batch even when two rounds run at once', async () => {
    const coach = await newCoach('Sam');
    await visitAndLeave(coach);
    const room = await directRoom(school.director, coach);
    await send(school.director, room.id, 'Twice?');
    const at = later(MINUTE + 5_000);
    await Promise.all([app.delivery.digest.runOnce(at), app.delivery.digest.runOnce(at)]);
    await until(() => smtp.to(coach.email).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.to(coach.email)).toHaveLength(1);
  });
});

describe('an offline guardian', () => {
  it('is told what still asks for their acknowledgement, beside the unread messages, and not after answering', async () => {
    const { parent } = school;
    await visitAndLeave(parent);
    const posted = await (await as(app, school.director)).post(`/api/teams/${school.varsity.id}/announcements`, {
      content: 'Picture day moved to Thursday. Jerseys on.',
      requireAck: true,
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const message = posted.json().data as ChatMessage;
    expect(await app.delivery.digest.runOnce(later(MINUTE + 5_000))).toBeGreaterThanOrEqual(1);
    await until(() => smtp.to(parent.email).length === 1);
    const [mail] = smtp.to(parent.email);
    // The team room's unread count also holds its safeguarding note from when the room was made.
    expect(mail?.headers.get('subject')).toMatch(
      /^You have \d+ unread messages? in 1 conversation and 1 announcement to acknowledge$/,
    );
    expect(mail?.text).toContain(`* ${school.varsity.name} (Announcement)`);
    expect(mail?.text).toContain('"Picture day moved to Thursday. Jerseys on."');
    expect(mail?.text).toContain('Dana Director, ');
    // The card waits on the member app's Home ("To acknowledge").
    expect(mail?.text).toMatch(
      /\(Announcement\)\r?\n[^*]*Dana Director, [^\r\n]*\r?\n {2}https:\/\/fieldhouse\.westfield\.example\/m\/\r?\n/,
    );

    // Answered and read: a new batch elsewhere mails only what is still pending.
    const ack = await (await as(app, parent)).post(`/api/chat/messages/${message.id}/ack`);
    expect(ack.statusCode, ack.body).toBe(200);
    const room = await directRoom(school.director, parent);
    await send(school.director, room.id, 'Can you drive Saturday?');
    await (await as(app, parent)).post(`/api/chat/rooms/${message.chatRoom.id}/read`);
    expect(await app.delivery.digest.runOnce(later(2 * MINUTE + 5_000))).toBeGreaterThanOrEqual(1);
    await until(() => smtp.to(parent.email).length === 2);
    const second = smtp.to(parent.email)[1];
    expect(second?.headers.get('subject')).toBe('You have 1 unread message in 1 conversation');
    expect(second?.text).not.toContain('to acknowledge');
  });
});

describe('who gets no digest', () => {
  it('someone who turned it off, someone suspended, someone who never opened the app', async () => {
    const off = await newCoach('Off');
    const suspended = await newCoach('Suspended');
    const never = await newCoach('Never');
    await visitAndLeave(off);
    await visitAndLeave(suspended);
    const put = await (await as(app, off)).put('/api/me/preferences', {
      push: { messages: true, announcements: true, schedule: true },
      emailDigest: false,
    });
    expect(put.json().data.emailDigest).toBe(false);
    await app.database.db.update(users).set({ status: 'SUSPENDED' }).where(eq(users.id, suspended.id));
    for (const person of [off, suspended, never])
      await send(school.director, (await directRoom(school.director, person)).id, 'Hello');
    // Backdate the visit that the preferences call just counted.
    await app.database.db
      .update(deliveryState)
      .set({ lastSeenAt: new Date(Date.now() - 10 * MINUTE) })
      .where(eq(deliveryState.userId, off.id));
    await app.delivery.digest.runOnce(later(10 * MINUTE));
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const person of [off, suspended, never]) expect(smtp.to(person.email), person.firstName).toEqual([]);
  });
});

describe('the unsubscribe link', () => {
  it('shows a confirm page on GET, turns the digest off on POST, and no digest follows', async () => {
    const coach = await newCoach('Alex');
    await visitAndLeave(coach);
    const room = await directRoom(school.director, coach);
    await send(school.director, room.id, 'First');
    expect(await app.delivery.digest.runOnce(later(MINUTE + 5_000))).toBe(1);
    await until(() => smtp.to(coach.email).length === 1);
    const link = new URL(smtp.to(coach.email)[0]?.headers.get('list-unsubscribe')?.slice(1, -1) as string);
    const path = `${link.pathname}${link.search}`;

    // A mail scanner following the link changes nothing.
    const page = await app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<form method="post" action="${path.replace(/&/g, '&amp;')}"`);
    expect(page.body).toContain('Stop these e-mails</button>');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect((await (await as(app, coach)).get('/api/me/preferences')).json().data.emailDigest).toBe(true);

    // The button (or a mail app's one-click POST, RFC 8058).
    const done = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will get no more digests');
    expect((await (await as(app, coach)).get('/api/me/preferences')).json().data).toEqual({
      push: { messages: true, announcements: true, schedule: true },
      emailDigest: false,
    });
    await app.database.db
      .update(deliveryState)
      .set({ lastSeenAt: new Date(Date.now() - 10 * MINUTE) })
      .where(eq(deliveryState.userId, coach.id));
    await send(school.director, room.id, 'Second');
    expect(await app.delivery.digest.runOnce(later(10 * MINUTE))).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.to(coach.email)).toHaveLength(1);
  });

  it('answers a 400 page for a missing, malformed or forged token, and changes nothing', async () => {
    const token = app.delivery.tokens.make(school.coach.id);
    const forged = token.replace(/^v1\.\d+\./, `v1.${school.parent.id}.`);
    for (const query of [
      '',
      '?token=',
      '?token=nonsense',
      `?token=${forged}`,
      `?token=${token}x`,
      '?token=v1.99999999999.x',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await app.inject({ method, url: `/api/notifications/unsubscribe${query}` });
        expect(res.statusCode, `${method} ${query}`).toBe(400);
        expect(res.body).toContain('This link does not work');
      }
    }
    expect((await (await as(app, school.parent)).get('/api/me/preferences')).json().data.emailDigest).toBe(true);
  });
});
