/**
 * One's own profile and notification switches (issue 18 item 6, decision 028) for every role:
 * name and phone under the directory's rules, a photo checked by its bytes and read only by
 * people of the school, audited as the person's own change; and, through the identity pool's
 * existing operations, change password and sign out everywhere for the member roles.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { buildUser, signInAs, TEST_PASSWORD } from './helpers/factories.ts';
import { callIdentity } from './helpers/identity-client.ts';

let app: TestApp;
let school: School;
let other: School;

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
});
afterAll(async () => {
  await app.close();
});

const ROLES = ['superAdmin', 'director', 'administrator', 'assistant', 'coach', 'athlete', 'parent'] as const;

/** The smallest real images of each kind, and one that only says it is one. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(28),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

async function bearer(person: { email: string }) {
  return `Bearer ${(await signInAs(app, person.email)).idToken}`;
}

const putPhoto = async (person: { email: string }, body: Buffer, type = 'image/png') =>
  app.inject({
    method: 'PUT',
    url: '/api/me/photo',
    headers: { authorization: await bearer(person), 'content-type': type },
    payload: body,
  });

const lastAudit = async (actorId: number, action: string) =>
  (
    await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('profile', () => {
  it('every role reads and changes its own name and phone, audited as its own change', async () => {
    for (const role of ROLES) {
      const person = school[role];
      const client = await as(app, person);
      const read = await client.get('/api/me/profile');
      expect(read.statusCode, role).toBe(200);
      expect(read.json().data).toMatchObject({ id: person.id, email: person.email, role: person.role });
      const changed = await client.patch('/api/me/profile', {
        firstName: ` ${person.firstName}ie `,
        lastName: '',
        contactNumber: '(217) 555-0142',
      });
      expect(changed.statusCode, `${role} ${changed.body}`).toBe(200);
      expect(changed.json().data).toMatchObject({
        firstName: `${person.firstName}ie`,
        lastName: null,
        contactNumber: '(217) 555-0142',
      });
      expect(await lastAudit(person.id, 'profile.update')).toMatchObject({
        organizationId: school.org.id,
        entityType: 'user',
        entityId: String(person.id),
        before: expect.objectContaining({ firstName: person.firstName }),
        after: expect.objectContaining({ firstName: `${person.firstName}ie`, contactNumber: '(217) 555-0142' }),
      });
      // The directory sees the same person (admins' user list and the chat read this row).
      const me = await client.get('/api/auth/me');
      expect(JSON.stringify(me.json())).toContain(`${person.firstName}ie`);
      await client.patch('/api/me/profile', { firstName: person.firstName, lastName: person.lastName });
    }
  });

  it('answers 400 {statusCode, message} to what the directory would refuse, and changes nothing', async () => {
    const client = await as(app, school.coach);
    for (const body of [
      {},
      { firstName: '' },
      { firstName: 'x'.repeat(101) },
      { contactNumber: 'call me maybe' },
      { role: 'SUPER_ADMIN' },
      { firstName: 'Cora', email: 'cora@elsewhere.example' },
      { firstName: 42 },
    ]) {
      const res = await client.patch('/api/me/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
    expect((await client.get('/api/me/profile')).json().data).toMatchObject({
      firstName: school.coach.firstName,
      role: 'COACH',
      email: school.coach.email,
    });
  });

  it('refuses a suspended person (403) and nobody (401) on every route', async () => {
    const suspended = await buildUser(app, { role: 'PARENT', organizationId: school.org.id, status: 'SUSPENDED' });
    const client = await as(app, suspended);
    const answers = [
      await client.get('/api/me/profile'),
      await client.patch('/api/me/profile', { firstName: 'Sus' }),
      await client.get('/api/me/preferences'),
      await client.put('/api/me/preferences', {
        push: { messages: false, announcements: false, schedule: false },
        emailDigest: false,
      }),
      await putPhoto(suspended, PNG),
      await client.delete('/api/me/photo'),
    ];
    for (const res of answers) expect(res.json()).toMatchObject({ statusCode: 403, id: 'account_inactive' });
    for (const [method, url, payload] of [
      ['GET', '/api/me/profile'],
      ['PATCH', '/api/me/profile', { firstName: 'Nobody' }],
      ['GET', '/api/me/preferences'],
      ['PUT', '/api/me/photo'],
      ['DELETE', '/api/me/photo'],
      ['GET', '/api/photos/0123456789abcdef0123456789abcdef'],
    ] as const)
      expect((await app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode, url).toBe(401);
  });
});

describe('notification preferences', () => {
  it('are all on by default for every role, and each switch saves', async () => {
    for (const role of ROLES) {
      const client = await as(app, other[role]);
      expect((await client.get('/api/me/preferences')).json().data, role).toEqual({
        push: { messages: true, announcements: true, schedule: true },
        emailDigest: true,
      });
      const wanted = {
        push: { messages: role !== 'coach', announcements: false, schedule: true },
        emailDigest: role === 'parent',
      };
      expect((await client.put('/api/me/preferences', wanted)).json().data, role).toEqual(wanted);
      expect((await client.get('/api/me/preferences')).json().data, role).toEqual(wanted);
    }
  });

  it('take booleans only, every field, nothing else', async () => {
    const client = await as(app, school.athlete);
    for (const body of [
      {},
      { emailDigest: false },
      { push: { messages: 'no', announcements: true, schedule: true }, emailDigest: true },
      { push: { messages: true, announcements: true }, emailDigest: true },
      { push: { messages: true, announcements: true, schedule: true }, emailDigest: true, sms: true },
    ]) {
      const res = await client.put('/api/me/preferences', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.any(String) });
    }
  });
});

describe('photo', () => {
  it('every role uploads a JPEG, PNG or WebP; userImage names it; the school reads it, another school cannot', async () => {
    const images = [
      ['image/png', PNG],
      ['image/jpeg', JPEG],
      ['image/webp', WEBP],
    ] as const;
    for (const [index, role] of ROLES.entries()) {
      const [type, bytes] = images[index % images.length] as (typeof images)[number];
      const person = school[role];
      const res = await putPhoto(person, bytes, 'application/octet-stream');
      expect(res.statusCode, `${role} ${res.body}`).toBe(200);
      const userImage = res.json().data.userImage as string;
      expect(userImage).toMatch(/^\/api\/photos\/[0-9a-f]{32}$/);
      expect(await lastAudit(person.id, 'profile.photo')).toMatchObject({
        after: expect.objectContaining({ userImage }),
      });
      // Colleagues and family of the school read it; the bytes decide its type.
      for (const reader of [school.coach, school.parent, school.director, person]) {
        const read = await app.inject({
          method: 'GET',
          url: userImage,
          headers: { authorization: await bearer(reader) },
        });
        expect(read.statusCode, `${reader.role} reads ${role}`).toBe(200);
        expect(read.headers['content-type']).toBe(type);
        expect(read.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        expect(read.rawPayload.equals(bytes)).toBe(true);
      }
      // Another school's people, even its director, find nothing there.
      for (const stranger of [other.director, other.coach, other.parent]) {
        const read = await app.inject({
          method: 'GET',
          url: userImage,
          headers: { authorization: await bearer(stranger) },
        });
        expect(read.statusCode, `${stranger.role} of another school`).toBe(404);
      }
    }
    // Both apps show it: the admin directory and the chat read the same userImage.
    const coachImage = (await (await as(app, school.coach)).get('/api/me/profile')).json().data.userImage;
    const listed = await (await as(app, school.director)).get(`/api/user/${school.coach.id}`);
    expect(JSON.stringify(listed.json())).toContain(coachImage);
  });

  it('judges the bytes, not the name or the declared type', async () => {
    const parent = school.parent;
    const declaredJpeg = await putPhoto(parent, PNG, 'image/jpeg');
    expect(declaredJpeg.statusCode).toBe(200);
    const read = await app.inject({
      method: 'GET',
      url: declaredJpeg.json().data.userImage,
      headers: { authorization: await bearer(parent) },
    });
    expect(read.headers['content-type']).toBe('image/png');
    for (const [bytes, type] of [
      [GIF, 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'],
      [Buffer.from('%PDF-1.7'), 'image/jpeg'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const res = await putPhoto(parent, bytes, type);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, message: expect.stringMatching(/JPEG, PNG or WebP|image/) });
    }
    const json = await (await as(app, parent)).put('/api/me/photo', { url: 'https://example.com/me.png' });
    expect(json.json()).toMatchObject({ statusCode: 400, id: 'photo_missing' });
    const text = await app.inject({
      method: 'PUT',
      url: '/api/me/photo',
      headers: { authorization: await bearer(parent), 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.json()).toMatchObject({ statusCode: 400, id: 'photo_missing' });
  });

  it('refuses more than 5 MB with a 413 and keeps the photo it had', async () => {
    const athlete = school.athlete2;
    const before = (await putPhoto(athlete, PNG)).json().data.userImage;
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await putPhoto(athlete, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, message: expect.any(String) });
    expect((await (await as(app, athlete)).get('/api/me/profile')).json().data.userImage).toBe(before);
  });

  it('a new photo replaces the old file; removing it clears userImage and the file', async () => {
    const coach = other.coach;
    const first = (await putPhoto(coach, PNG)).json().data.userImage as string;
    const second = (await putPhoto(coach, JPEG, 'image/jpeg')).json().data.userImage as string;
    expect(second).not.toBe(first);
    const auth = { authorization: await bearer(coach) };
    expect((await app.inject({ method: 'GET', url: first, headers: auth })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: second, headers: auth })).statusCode).toBe(200);
    const removed = await (await as(app, coach)).delete('/api/me/photo');
    expect(removed.json().data.userImage).toBeNull();
    expect(await lastAudit(coach.id, 'profile.photo-remove')).toMatchObject({ after: { userImage: null } });
    expect((await app.inject({ method: 'GET', url: second, headers: auth })).statusCode).toBe(404);
    // Removing what is not there is fine.
    expect((await (await as(app, coach)).delete('/api/me/photo')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/photos/not-a-key', headers: auth })).statusCode).toBe(400);
  });
});

describe('change password and sign out everywhere (the identity pool’s own operations)', () => {
  for (const role of ['COACH', 'ATHLETE', 'PARENT'] as const) {
    it(`work for a ${role.toLowerCase()}`, async () => {
      const person = await buildUser(app, { role, organizationId: school.org.id });
      const tokens = await signInAs(app, person.email);
      const changed = await callIdentity(app, 'ChangePassword', {
        AccessToken: tokens.accessToken,
        PreviousPassword: TEST_PASSWORD,
        ProposedPassword: 'Member-Pass-42',
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      await expect(signInAs(app, person.email)).rejects.toThrow();
      const fresh = await signInAs(app, person.email, 'Member-Pass-42');
      const profile = () =>
        app.inject({ method: 'GET', url: '/api/me/profile', headers: { authorization: `Bearer ${fresh.idToken}` } });
      expect((await profile()).statusCode).toBe(200);
      expect((await callIdentity(app, 'GlobalSignOut', { AccessToken: fresh.accessToken })).status).toBe(200);
      expect((await profile()).statusCode).toBe(401);
    });
  }
});
