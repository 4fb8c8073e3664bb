import { type AuditEntry, auditEntrySchema, auditQuerySchema, pagedResponseSchema, parseCsv } from '@fieldhouse/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { AUDIT_EXPORT_MAX, auditRows } from '../src/modules/audit/list.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { as, buildSchool, type School } from './helpers/directory.ts';
import { signInAs } from './helpers/factories.ts';

let app: TestApp;
let school: School;
let other: School;
let director: Awaited<ReturnType<typeof as>>;
let superAdmin: Awaited<ReturnType<typeof as>>;

beforeAll(async () => {
  app = await buildTestApp();
  school = await buildSchool(app, 'Westfield High');
  other = await buildSchool(app, 'Eastview Academy');
  director = await as(app, school.director);
  superAdmin = await as(app, school.superAdmin);
});
afterAll(async () => {
  await app.close();
});

const page = pagedResponseSchema(auditEntrySchema);
async function audit(query = '', client = director) {
  const res = await client.get(`/api/audit${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return page.parse(res.json()).data;
}
/** The newest entry for an entity (and action). */
async function latest(entityType: string, entityId: number | string, action?: string): Promise<AuditEntry> {
  const { result } = await audit(`?entityType=${entityType}&limit=100${action ? `&action=${action}` : ''}`, superAdmin);
  const entry = result.find((e) => e.entity.id === String(entityId));
  if (!entry) throw new Error(`no ${action ?? entityType} entry for ${entityId}`);
  return entry;
}

describe('audit entries for people', () => {
  it('records create, update (changed fields only), status, invite resend and delete', async () => {
    const created = await director.post('/api/user', {
      email: 'ava.lee@school.example',
      firstName: 'Ava',
      lastName: 'Lee',
      role: 'ATHLETE',
      teamIds: [school.varsity.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.user.id as number;
    const create = await latest('user', id, 'user.create');
    expect(create).toMatchObject({
      organizationId: school.org.id,
      actor: { id: school.director.id, firstName: 'Dana', role: 'ATHLETIC_DIRECTOR' },
      summary: 'Added Ava Lee as an athlete',
      before: null,
      after: { email: 'ava.lee@school.example', role: 'ATHLETE', status: 'ACTIVE', teamIds: [school.varsity.id] },
    });

    expect((await director.patch(`/api/user/${id}`, { lastName: 'Lee-Park', bio: 'Sprinter' })).statusCode).toBe(200);
    const update = await latest('user', id, 'user.update');
    expect(update.summary).toBe('Updated Ava Lee-Park (lastName, bio)');
    expect(update.before).toEqual({ lastName: 'Lee', bio: null });
    expect(update.after).toEqual({ lastName: 'Lee-Park', bio: 'Sprinter' });

    const suspend = await director.patch(`/api/user/${id}/status`, { status: 'SUSPENDED', reason: 'Code of conduct' });
    expect(suspend.statusCode, suspend.body).toBe(200);
    const status = await latest('user', id, 'user.status');
    expect(status).toMatchObject({
      summary: 'Suspended Ava Lee-Park',
      before: { status: 'ACTIVE' },
      after: { status: 'SUSPENDED' },
      reason: 'Code of conduct',
    });
    await director.patch(`/api/user/${id}/status`, { status: 'ACTIVE' });
    expect((await latest('user', id, 'user.status')).summary).toBe('Reactivated Ava Lee-Park');

    expect((await director.post(`/api/user/${id}/resend-invite`)).statusCode).toBe(200);
    expect((await latest('user', id, 'user.invite')).summary).toBe('Resent the invite to Ava Lee-Park');

    expect((await director.delete(`/api/user/${id}`)).statusCode).toBe(200);
    const deleted = await latest('user', id, 'user.delete');
    expect(deleted.summary).toBe('Deleted Ava Lee-Park');
    expect(deleted.after).toEqual({ status: 'DELETED' });

    // No secrets or internal columns in any snapshot.
    const { result } = await audit('?entityType=user&limit=100');
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/identitySub|password|searchText/i);
  });

  it('records a roster import as one entry with counts', async () => {
    const csv = [
      'firstName,lastName,email,dateOfBirth,contactNumber,team,jerseyNumber,guardianFirstName,guardianLastName,guardianEmail,guardianPhone,guardianRelationship',
      'Mia,Stone,mia.stone@students.example,2010-04-01,,Girls Varsity Basketball,4,Rae,Stone,rae.stone@families.example,,Mother',
      'Ivy,Stone,ivy.stone@students.example,2011-04-01,,,,Rae,Stone,rae.stone@families.example,,Mother',
    ].join('\n');
    const { idToken } = await signInAs(app, school.director.email);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/import',
      headers: { authorization: `Bearer ${idToken}`, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { result } = await audit('?action=user.import');
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({
      summary: 'Imported a roster: 2 athletes, 1 new guardian, 1 team place',
      after: { rows: 2, athletes: 2, guardians: 1, memberships: 1 },
      entity: { type: 'roster', id: null },
    });
  });
});

describe('audit entries for teams, organizations and sports', () => {
  it('records team create, update, archive and roster and coach changes', async () => {
    const created = await director.post('/api/teams', {
      name: 'Boys Varsity Football',
      sportId: school.sport.id,
      gender: 'BOYS',
      season: 'FALL',
      schoolYear: '2026-27',
    });
    expect(created.statusCode, created.body).toBe(201);
    const teamId = created.json().data.id as number;
    expect((await latest('team', teamId, 'team.create')).summary).toBe('Created Boys Varsity Football');

    await director.patch(`/api/teams/${teamId}`, { name: 'Varsity Football' });
    const update = await latest('team', teamId, 'team.update');
    expect(update).toMatchObject({
      summary: 'Updated Varsity Football (name)',
      before: { name: 'Boys Varsity Football' },
      after: { name: 'Varsity Football' },
    });

    expect((await director.post(`/api/teams/${teamId}/members`, { userId: school.athlete2.id })).statusCode).toBe(201);
    expect((await latest('team', teamId, 'team.member-add')).summary).toBe('Added Liam Smith to Varsity Football');
    expect((await director.delete(`/api/teams/${teamId}/members/${school.athlete2.id}`)).statusCode).toBe(200);
    expect((await latest('team', teamId, 'team.member-remove')).summary).toBe(
      'Removed Liam Smith from Varsity Football',
    );
    expect((await director.post(`/api/teams/${teamId}/coaches`, { userId: school.coach.id })).statusCode).toBe(201);
    expect((await latest('team', teamId, 'team.coach-add')).after).toMatchObject({
      name: 'Cora Coach',
      role: 'ASSISTANT',
    });
    expect((await director.delete(`/api/teams/${teamId}/coaches/${school.coach.id}`)).statusCode).toBe(200);
    expect((await latest('team', teamId, 'team.coach-remove')).summary).toBe(
      'Removed coach Cora Coach from Varsity Football',
    );
    expect((await director.delete(`/api/teams/${teamId}`)).statusCode).toBe(200);
    expect((await latest('team', teamId, 'team.delete')).after).toEqual({ status: 'ARCHIVED' });
  });

  it('records organization create, update, deactivate and reactivate', async () => {
    const created = await superAdmin.post('/api/auth/organizations', {
      name: 'Northside Prep',
      slug: 'northside-prep',
      timezone: 'America/New_York',
    });
    expect(created.statusCode, created.body).toBe(201);
    const orgId = created.json().data.id as number;
    expect((await latest('organization', orgId, 'organization.create')).summary).toBe(
      'Created the organization Northside Prep',
    );
    await superAdmin.patch(`/api/auth/organizations/${orgId}`, { city: 'Springfield' });
    expect((await latest('organization', orgId, 'organization.update')).after).toEqual({ city: 'Springfield' });
    const off = await superAdmin.post(`/api/auth/organizations/${orgId}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.deactivatedAt).toEqual(expect.any(String));
    expect((await superAdmin.post(`/api/auth/organizations/${orgId}/deactivate`)).statusCode).toBe(409);
    expect((await latest('organization', orgId, 'organization.deactivate')).summary).toBe(
      'Deactivated the organization Northside Prep',
    );
    const on = await superAdmin.post(`/api/auth/organizations/${orgId}/reactivate`);
    expect(on.json().data.deactivatedAt).toBeNull();
    expect((await latest('organization', orgId, 'organization.reactivate')).before).toMatchObject({
      deactivatedAt: expect.any(String),
    });
    expect((await director.post(`/api/auth/organizations/${orgId}/deactivate`)).statusCode).toBe(403);
  });

  it('manages the sports catalogue: unique names, known icons, no removal while used', async () => {
    const created = await superAdmin.post('/api/sports', { name: 'Ultimate Frisbee', icon: 'run' });
    expect(created.statusCode, created.body).toBe(201);
    const sportId = created.json().data.id as number;
    expect((await superAdmin.post('/api/sports', { name: 'ultimate frisbee ', icon: 'run' })).statusCode).toBe(409);
    const badIcon = await superAdmin.post('/api/sports', { name: 'Curling', icon: 'broom' });
    expect(badIcon.statusCode).toBe(400);
    expect(badIcon.json()).toEqual({
      statusCode: 400,
      message: expect.stringContaining('icon'),
      id: 'validation_failed',
    });
    expect((await director.post('/api/sports', { name: 'Curling', icon: 'run' })).statusCode).toBe(403);

    expect((await superAdmin.patch(`/api/sports/${sportId}`, { icon: 'shoe' })).json().data).toMatchObject({
      name: 'Ultimate Frisbee',
      icon: 'shoe',
    });
    const update = await latest('sport', sportId, 'sport.update');
    expect(update).toMatchObject({ organizationId: null, before: { icon: 'run' }, after: { icon: 'shoe' } });

    const inUse = await superAdmin.delete(`/api/sports/${school.sport.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/teams use/);
    expect((await superAdmin.delete(`/api/sports/${sportId}`)).statusCode).toBe(200);
    expect((await latest('sport', sportId, 'sport.delete')).summary).toBe('Removed the sport Ultimate Frisbee');
  });
});

describe('GET /api/audit', () => {
  it('filters by text over summary and actor name, action, actor and dates, and pages', async () => {
    const bySummary = await audit('?search=ava%20lee');
    expect(bySummary.result.length).toBeGreaterThanOrEqual(5);
    expect(bySummary.result.every((e) => /ava lee/i.test(e.summary))).toBe(true);
    const byActor = await audit('?search=dana%20director&limit=5');
    expect(byActor.result.every((e) => e.actor?.id === school.director.id)).toBe(true);
    expect(byActor.paginationInfo).toMatchObject({ currentPage: 1, isFirstPage: true });
    const second = await audit('?search=dana%20director&limit=5&page=2');
    expect(second.result[0]?.id).not.toBe(byActor.result[0]?.id);

    const statuses = await audit('?action=user.status');
    expect(statuses.result.map((e) => e.summary)).toEqual(['Reactivated Ava Lee-Park', 'Suspended Ava Lee-Park']);
    const teamActions = await audit('?action=team');
    expect(teamActions.result.every((e) => e.action.startsWith('team.'))).toBe(true);
    expect((await audit(`?actorId=${school.superAdmin.id}`)).result).toEqual([]);

    const future = await audit('?from=2099-01-01');
    expect(future.result).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?to=${today}`)).paginationInfo.totalCount).toBe((await audit('')).paginationInfo.totalCount);
    // Invalid filters fall back to none rather than failing.
    expect((await director.get('/api/audit?page=-3&limit=abc&from=yesterday')).statusCode).toBe(200);
  });

  it('keeps organizations apart and refuses roles outside the admin area', async () => {
    const own = await audit('?limit=100');
    expect(own.result.every((e) => e.organizationId === school.org.id)).toBe(true);
    expect((await director.get(`/api/audit?organizationId=${other.org.id}`)).statusCode).toBe(403);
    const otherDirector = await as(app, other.director);
    expect((await audit('', otherDirector)).result).toEqual([]);
    for (const person of [school.administrator, school.assistant, school.coach]) {
      expect((await (await as(app, person)).get('/api/audit')).statusCode).toBe(403);
    }
    // A SUPER_ADMIN reads one organization or everything (platform-wide entries included).
    const scoped = await audit(`?organizationId=${school.org.id}&limit=100`, superAdmin);
    expect(scoped.paginationInfo.totalCount).toBe(own.paginationInfo.totalCount);
    const all = await audit('?limit=100', superAdmin);
    expect(all.result.some((e) => e.organizationId === null && e.action.startsWith('sport.'))).toBe(true);
  });

  it('exports the filtered log as CSV', async () => {
    const res = await director.get('/api/audit.csv?action=user.status');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(res.body).filter((r) => r.length > 1);
    expect(header).toEqual([
      'createdAt',
      'actor',
      'actorRole',
      'action',
      'entityType',
      'entityId',
      'summary',
      'reason',
      'before',
      'after',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      expect.any(String),
      'Dana Director',
      'ATHLETIC_DIRECTOR',
      'user.status',
      'user',
      expect.any(String),
      'Suspended Ava Lee-Park',
      'Code of conduct',
      '{"status":"ACTIVE"}',
      '{"status":"SUSPENDED"}',
    ]);
    expect((await (await as(app, school.coach)).get('/api/audit.csv')).statusCode).toBe(403);
  });
});

describe('the export’s pages', () => {
  it('hold their place while the log grows, to the microsecond, and stop at the cap', async () => {
    // 1,050 entries a microsecond apart (one millisecond holds them all), past a 1,000-row page.
    await app.database.db.insert(auditLog).values(
      Array.from({ length: 1_050 }, (_, i) => ({
        organizationId: school.org.id,
        action: 'paging.test',
        entityType: 'paging',
        entityId: String(i),
        summary: `Entry ${i}`,
        createdAt: sql`timestamptz '2026-09-01 12:00:00Z' + ${i} * interval '1 microsecond'`,
      })),
    );
    const query = auditQuerySchema.parse({ entityType: 'paging' });
    const read: string[] = [];
    const rows = auditRows(app.database.db, school.org.id, query);
    for (let i = 0; i < 1_000; i++) read.push(((await rows.next()).value as AuditEntry).entity.id as string);
    // Written while the export waits for its second page: newer than everything, so not in it, and
    // with offset paging it pushed the second page down a row (entry 50 came twice).
    await app.database.db.insert(auditLog).values({
      organizationId: school.org.id,
      action: 'paging.test',
      entityType: 'paging',
      entityId: 'new',
      summary: 'Written during the export',
    });
    for await (const entry of rows) read.push(entry.entity.id as string);
    expect(read).toEqual(Array.from({ length: 1_050 }, (_, i) => String(1_049 - i)));

    const capped: AuditEntry[] = [];
    for await (const entry of auditRows(app.database.db, school.org.id, query, 1_020)) capped.push(entry);
    expect(capped).toHaveLength(1_020);
  });
});

describe('an export too large for one file', () => {
  it('is refused with the way to narrow it, not cut off quietly', async () => {
    await app.database.db.execute(sql`
      insert into audit_log (organization_id, action, entity_type, entity_id, summary, created_at)
      select ${school.org.id}, 'bulk.test', 'bulk', i::text, 'Bulk ' || i,
             timestamptz '2026-10-01 12:00:00Z' + i * interval '1 second'
      from generate_series(1, ${AUDIT_EXPORT_MAX + 1}) as i`);
    const res = await director.get('/api/audit.csv?entityType=bulk');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    expect(res.json()).toEqual({
      statusCode: 400,
      message: expect.stringMatching(/^The export would hold 50,001 entries, more than 50,000: narrow the dates/),
      id: 'export_too_large',
    });
    // The first hour only: 12:00:01 to 12:59:59, and the header.
    const narrowed = await director.get('/api/audit.csv?entityType=bulk&to=2026-10-01T13:00:00Z');
    expect(narrowed.statusCode).toBe(200);
    expect(parseCsv(narrowed.body).filter((r) => r.length > 1)).toHaveLength(1 + 3_599);
  });

  it('refuses a malformed organizationId rather than reading every organization', async () => {
    const superAdmin = await as(app, school.superAdmin);
    for (const url of ['/api/audit?organizationId=abc', '/api/audit.csv?organizationId=-1']) {
      const res = await superAdmin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['id', 'message', 'statusCode']);
    }
  });
});

describe('date filters', () => {
  it('read a bare date as a day at the school, not a UTC day', async () => {
    // 23:30 in Chicago on March 3rd is 05:30 UTC on March 4th.
    await app.testDatabase.db.insert(auditLog).values({
      organizationId: school.org.id,
      actorId: school.director.id,
      action: 'team.update',
      entityType: 'team',
      entityId: 'late-night',
      summary: 'A late-night change',
      createdAt: new Date('2026-03-04T05:30:00Z'),
    });
    const on = (query: string) => audit(`${query}&search=late-night change`);
    expect((await on('?from=2026-03-03&to=2026-03-03')).paginationInfo.totalCount).toBe(1);
    expect((await on('?from=2026-03-04&to=2026-03-04')).paginationInfo.totalCount).toBe(0);
  });
});
