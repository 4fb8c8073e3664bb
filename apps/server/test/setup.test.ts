import { STANDARD_SPORTS } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, organizations, sports, users } from '../src/db/schema/index.ts';
import { as, withSchools } from './helpers/directory.ts';
import { buildUser } from './helpers/factories.ts';

const fixture = withSchools();

describe('first-run set-up', () => {
  it('has the standard high-school sports on a fresh install, not only with the demo', async () => {
    const rows = await fixture.app.testDatabase.db.select().from(sports);
    const names = rows.map((s) => s.name);
    for (const sport of STANDARD_SPORTS) expect(names).toContain(sport.name);
    expect(rows.find((s) => s.name === 'Lacrosse')?.icon).toBe('trophy');
  });

  it('tells a super admin without a school that there is none (an answer, not a 400)', async () => {
    const { app } = fixture;
    const root = await buildUser(app, { role: 'SUPER_ADMIN', organizationId: null, firstName: 'Root' });
    const res = await (await as(app, root)).get('/api/setup/status');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ organization: null, directorInvited: false, teams: 0, athletes: 0, coaches: 0 });
  });

  it('sets up a school with a slug of its own; a super admin without a school joins it, a second one does not move them', async () => {
    const { app } = fixture;
    const root = await buildUser(app, { role: 'SUPER_ADMIN', organizationId: null, firstName: 'Rory' });
    const client = await as(app, root);
    const input = {
      name: 'Lincoln High School',
      timezone: 'America/Denver',
      address: '100 Main St',
      city: 'Springfield',
      state: 'CO',
      postalCode: '80000',
    };
    const first = await client.post('/api/setup/organization', input);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      name: 'Lincoln High School',
      slug: 'lincoln-high-school',
      timezone: 'America/Denver',
      address: '100 Main St',
      postalCode: '80000',
      userCount: 1,
    });
    const firstId = first.json().data.id as number;
    const db = app.testDatabase.db;
    const [joined] = await db.select().from(users).where(eq(users.id, root.id));
    expect(joined?.organizationId).toBe(firstId);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.organizationId, firstId));
    expect(entry).toMatchObject({ action: 'organization.create', summary: 'Set up the school Lincoln High School' });

    const second = await client.post('/api/setup/organization', { ...input, timezone: 'America/New_York' });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.slug).toBe('lincoln-high-school-2');
    const [still] = await db.select().from(users).where(eq(users.id, root.id));
    expect(still?.organizationId).toBe(firstId);

    const status = await client.get(`/api/setup/status?organizationId=${second.json().data.id}`);
    expect(status.json().data).toMatchObject({
      organization: { name: 'Lincoln High School', timezone: 'America/New_York' },
      teams: 0,
      athletes: 0,
    });
  });

  it('refuses unknown fields, bad time zones and anyone but a super admin', async () => {
    const { app, school } = fixture;
    const superAdmin = await as(app, school.superAdmin);
    const unknown = await superAdmin.post('/api/setup/organization', {
      name: 'X',
      timezone: 'UTC',
      slug: 'x',
    });
    expect(unknown.statusCode).toBe(400);
    const zone = await superAdmin.post('/api/setup/organization', { name: 'X', timezone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().message).toMatch(/Unknown time zone/);
    const director = await as(app, school.director);
    expect((await director.post('/api/setup/organization', { name: 'X', timezone: 'UTC' })).statusCode).toBe(403);
    expect((await director.get(`/api/setup/status?organizationId=${fixture.other.org.id}`)).statusCode).toBe(403);
    const own = await director.get('/api/setup/status');
    expect(own.json().data).toMatchObject({
      organization: { id: school.org.id, name: 'Westfield High' },
      directorInvited: true,
      teams: 2,
      athletes: 2,
      coaches: 1,
    });
  });

  it('two set-ups of the same name at once get two slugs', async () => {
    const { app, school } = fixture;
    const superAdmin = await as(app, school.superAdmin);
    const results = await Promise.all(
      [1, 2, 3].map(() => superAdmin.post('/api/setup/organization', { name: 'Roosevelt Academy', timezone: 'UTC' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const slugs = (await app.testDatabase.db.select({ slug: organizations.slug }).from(organizations)).map(
      (o) => o.slug,
    );
    expect(slugs.filter((s) => s.startsWith('roosevelt-academy')).sort()).toEqual([
      'roosevelt-academy',
      'roosevelt-academy-2',
      'roosevelt-academy-3',
    ]);
  });
});
