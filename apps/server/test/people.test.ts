import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  chatRoomMembers,
  guardianLinks,
  mailOutbox,
  teamCoaches,
  teamMembers,
  users,
} from '../src/db/schema/index.ts';
import { as, coachOf, withSchools } from './helpers/directory.ts';
import { buildUser, signInAs } from './helpers/factories.ts';

const fixture = withSchools();

const lastAudit = async (action: string) => {
  const [entry] = await fixture.app.testDatabase.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
};

describe('person picker', () => {
  it('searches the whole organization on the server, surnames starting with the term first, a page at a time', async () => {
    const { app, school } = fixture;
    let n = 0;
    const make = (firstName: string, lastName: string, graduationYear: number | null = null) =>
      buildUser(app, {
        role: 'ATHLETE',
        firstName,
        lastName,
        graduationYear,
        organizationId: school.org.id,
        // No random part: a random "w" in an address would change what "w" finds.
        email: `${firstName}.${lastName}.${++n}@students.example`.toLowerCase(),
      });
    await make('Aaliyah', 'Allen', 2027);
    await make('Aaliyah', 'Allen', 2029);
    for (let i = 0; i < 25; i++) await make(`Filler${i}`, `Adams${String(i).padStart(2, '0')}`);
    await make('Matthew', 'Brown');
    const walker = await make('Tia', 'Walker', 2028);
    const director = await as(app, school.director);

    const w = await director.get('/api/people/search?role=ATHLETE&search=w&limit=5');
    expect(w.statusCode, w.body).toBe(200);
    // Walker starts with W; Matthew only contains one.
    expect(w.json().data.result[0]).toMatchObject({
      id: walker.id,
      lastName: 'Walker',
      graduationYear: 2028,
      teams: [],
    });
    expect(w.json().data.result.map((p: { lastName: string }) => p.lastName)).toContain('Brown');

    const namesakes = await director.get('/api/people/search?role=ATHLETE&search=aaliyah%20allen');
    const found = namesakes.json().data.result as { email: string; graduationYear: number }[];
    expect(found).toHaveLength(2);
    expect(new Set(found.map((p) => p.email)).size).toBe(2);
    expect(found.map((p) => p.graduationYear).sort()).toEqual([2027, 2029]);

    // An empty search lists everyone, by last name (what a picker shows before typing).
    const everyone = await director.get('/api/people/search?role=ATHLETE&limit=50');
    expect(everyone.statusCode, everyone.body).toBe(200);
    const lastNames = everyone.json().data.result.map((p: { lastName: string }) => p.lastName);
    expect(lastNames).toEqual([...lastNames].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));

    const page1 = await director.get('/api/people/search?role=ATHLETE&search=adams&limit=10');
    const page3 = await director.get('/api/people/search?role=ATHLETE&search=adams&limit=10&page=3');
    expect(page1.json().data.paginationInfo).toMatchObject({ totalCount: 25, pageCount: 3, nextPage: 2 });
    expect(page3.json().data.result).toHaveLength(5);

    const onTeam = await director.get(
      `/api/people/search?role=ATHLETE&search=n%C3%BA%C3%B1ez&teamId=${school.varsity.id}`,
    );
    expect(onTeam.json().data.result[0]).toMatchObject({
      id: school.athlete.id,
      onTeam: true,
      teams: ['Girls Varsity Basketball'],
    });
    const guardians = await director.get('/api/people/search?role=PARENT&search=paula');
    expect(guardians.json().data.result[0]).toMatchObject({ id: school.parent.id, children: ['Zoë Núñez'] });
  });

  it('never shows another school’s people; coaches, athletes and guardians are refused', async () => {
    const { app, school, other } = fixture;
    const director = await as(app, school.director);
    const res = await director.get('/api/people/search?role=ATHLETE&search=liam');
    expect(res.json().data.result.map((p: { id: number }) => p.id)).toEqual([school.athlete2.id]);
    expect((await director.get(`/api/people/search?role=ATHLETE&organizationId=${other.org.id}`)).statusCode).toBe(403);
    expect((await (await as(app, school.coach)).get('/api/people/search?role=ATHLETE')).statusCode).toBe(403);
    const superAdmin = await as(app, school.superAdmin);
    const theirs = await superAdmin.get(`/api/people/search?role=ATHLETE&search=liam&organizationId=${other.org.id}`);
    expect(theirs.json().data.result.map((p: { id: number }) => p.id)).toEqual([other.athlete2.id]);
  });
});

describe('roster from the team page', () => {
  it('adds several athletes at once, each in the audit log in words', async () => {
    const { app, school } = fixture;
    const db = app.testDatabase.db;
    const a = await buildUser(app, {
      role: 'ATHLETE',
      firstName: 'Maya',
      lastName: 'Chen',
      organizationId: school.org.id,
    });
    const b = await buildUser(app, {
      role: 'ATHLETE',
      firstName: 'Noor',
      lastName: 'Ali',
      organizationId: school.org.id,
    });
    const director = await as(app, school.director);
    const res = await director.post(`/api/teams/${school.varsity.id}/members/batch`, {
      userIds: [a.id, b.id, school.athlete.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Added 2 athletes to Girls Varsity Basketball',
      data: { added: 2, alreadyOnTeam: 1 },
    });
    const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, school.varsity.id));
    expect(members.map((m) => m.userId)).toEqual(expect.arrayContaining([a.id, b.id, school.athlete.id]));
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'team.member-add'), eq(auditLog.entityId, String(school.varsity.id))));
    expect(entries.map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'Added Maya Chen to Girls Varsity Basketball',
        'Added Noor Ali to Girls Varsity Basketball',
      ]),
    );
  });

  it('refuses coaches on the roster, another school’s people and unknown fields', async () => {
    const { app, school, other } = fixture;
    const director = await as(app, school.director);
    const coach = await director.post(`/api/teams/${school.varsity.id}/members/batch`, { userIds: [school.coach.id] });
    expect(coach.statusCode).toBe(400);
    expect(coach.json().message).toBe('Only athletes join a roster: Cora Coach is not an athlete');
    const foreign = await director.post(`/api/teams/${school.varsity.id}/members/batch`, {
      userIds: [other.athlete.id],
    });
    expect(foreign.statusCode).toBe(404);
    const theirTeam = await director.post(`/api/teams/${other.varsity.id}/members/batch`, {
      userIds: [school.athlete.id],
    });
    expect(theirTeam.statusCode).toBe(404);
    const extra = await director.post(`/api/teams/${school.varsity.id}/members/batch`, {
      userIds: [school.athlete.id],
      jersey: '3',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('adds coaches at once; the first on a team without coaches is head coach', async () => {
    const { app, school } = fixture;
    const c1 = await buildUser(app, {
      role: 'COACH',
      firstName: 'Hal',
      lastName: 'Head',
      organizationId: school.org.id,
    });
    const c2 = await buildUser(app, {
      role: 'COACH',
      firstName: 'Abe',
      lastName: 'Assist',
      organizationId: school.org.id,
    });
    const director = await as(app, school.director);
    const res = await director.post(`/api/teams/${school.jv.id}/coaches/batch`, { userIds: [c1.id, c2.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ added: 2, alreadyOnTeam: 0 });
    const team = await director.get(`/api/teams/${school.jv.id}`);
    const roles = Object.fromEntries(
      team.json().data.coaches.map((c: { lastName: string; coachRole: string }) => [c.lastName, c.coachRole]),
    );
    expect(roles).toEqual({ Head: 'HEAD', Assist: 'ASSISTANT' });
  });

  it('edits a jersey number in place and warns about a duplicate', async () => {
    const { app, school } = fixture;
    const director = await as(app, school.director);
    const [other] = await app.testDatabase.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, school.varsity.id), eq(teamMembers.userId, school.athlete.id)));
    expect(other?.jerseyNumber).toBe('7');
    const mate = await buildUser(app, {
      role: 'ATHLETE',
      firstName: 'Jo',
      lastName: 'Mate',
      organizationId: school.org.id,
    });
    await director.post(`/api/teams/${school.varsity.id}/members/batch`, { userIds: [mate.id] });
    const res = await director.patch(`/api/teams/${school.varsity.id}/members/${mate.id}`, { jerseyNumber: ' 7 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: '#7 is also worn by Zoë Núñez',
      data: { jerseyNumber: '7', sameNumber: [{ id: school.athlete.id, name: 'Zoë Núñez' }] },
    });
    expect((await lastAudit('team.member-update'))?.summary).toBe(
      'Changed Jo Mate’s jersey number to 7 on Girls Varsity Basketball',
    );
    const clear = await director.patch(`/api/teams/${school.varsity.id}/members/${mate.id}`, { jerseyNumber: '' });
    expect(clear.json().data).toMatchObject({ jerseyNumber: null, sameNumber: [] });
    const long = await director.patch(`/api/teams/${school.varsity.id}/members/${mate.id}`, { jerseyNumber: '12345' });
    expect(long.statusCode).toBe(400);
    const notOn = await director.patch(`/api/teams/${school.jv.id}/members/${mate.id}`, { jerseyNumber: '1' });
    expect(notOn.statusCode).toBe(404);
  });
});

describe('edit person: teams, guardians, e-mail', () => {
  it('sets an athlete’s and a coach’s teams, keeping the jersey of a team they stay on', async () => {
    const { app, school } = fixture;
    const db = app.testDatabase.db;
    const director = await as(app, school.director);
    const res = await director.put(`/api/user/${school.athlete.id}/teams`, {
      teamIds: [school.varsity.id, school.jv.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.user.JoinedTeams.map((t: { name: string }) => t.name)
        .sort(),
    ).toEqual(['Girls JV Basketball', 'Girls Varsity Basketball']);
    const [kept] = await db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, school.varsity.id), eq(teamMembers.userId, school.athlete.id)));
    expect(kept?.jerseyNumber).toBe('7');
    expect((await lastAudit('team.member-add'))?.summary).toBe('Added Zoë Núñez to Girls JV Basketball');
    await director.put(`/api/user/${school.athlete.id}/teams`, { teamIds: [school.varsity.id] });
    expect((await lastAudit('team.member-remove'))?.summary).toBe('Removed Zoë Núñez from Girls JV Basketball');

    const coach = await director.put(`/api/user/${school.coach.id}/teams`, { teamIds: [school.jv.id] });
    expect(coach.statusCode, coach.body).toBe(200);
    const links = await db
      .select({ teamId: teamCoaches.teamId })
      .from(teamCoaches)
      .innerJoin(users, eq(users.id, school.coach.id));
    expect(links.map((l) => l.teamId)).toContain(school.jv.id);
    expect(coach.json().data.user.Coach.TeamCoaches.map((t: { teamId: number }) => t.teamId)).toEqual([school.jv.id]);

    const parent = await director.put(`/api/user/${school.parent.id}/teams`, { teamIds: [school.jv.id] });
    expect(parent.statusCode).toBe(400);
    const foreign = await director.put(`/api/user/${school.athlete.id}/teams`, { teamIds: [fixture.other.varsity.id] });
    expect(foreign.statusCode).toBe(400);
    // Restore the coach for the other tests.
    await director.put(`/api/user/${school.coach.id}/teams`, { teamIds: [school.varsity.id] });
  });

  it('links an existing guardian, changes the relationship, unlinks, and adds a new guardian who is invited', async () => {
    const { app, school } = fixture;
    const db = app.testDatabase.db;
    const director = await as(app, school.director);
    const link = await director.post(`/api/user/${school.athlete2.id}/guardians`, {
      guardianId: school.parent.id,
      relationship: 'Aunt',
    });
    expect(link.statusCode, link.body).toBe(200);
    expect((await lastAudit('user.guardian-link'))?.summary).toBe('Linked Paula Núñez as aunt of Liam Smith');
    const twice = await director.post(`/api/user/${school.athlete2.id}/guardians`, { guardianId: school.parent.id });
    expect(twice.statusCode).toBe(409);

    const patch = await director.patch(`/api/user/${school.athlete2.id}/guardians/${school.parent.id}`, {
      relationship: 'Guardian',
      isPrimary: true,
    });
    expect(patch.statusCode, patch.body).toBe(200);
    const detail = await director.get(`/api/user/${school.athlete2.id}`);
    expect(detail.json().data.guardians).toEqual([
      expect.objectContaining({ id: school.parent.id, relationship: 'Guardian' }),
    ]);

    const unlink = await director.delete(`/api/user/${school.athlete2.id}/guardians/${school.parent.id}`);
    expect(unlink.statusCode).toBe(200);
    expect((await lastAudit('user.guardian-unlink'))?.summary).toBe('Unlinked Paula Núñez from Liam Smith');
    expect(await db.select().from(guardianLinks).where(eq(guardianLinks.athleteId, school.athlete2.id))).toEqual([]);

    const added = await director.post(`/api/user/${school.athlete2.id}/guardians`, {
      guardian: {
        firstName: 'Greg',
        lastName: 'Smith',
        email: 'Greg.Smith@Families.example',
        contactNumber: '217-555-0199',
      },
      relationship: 'Father',
    });
    expect(added.statusCode, added.body).toBe(200);
    const [greg] = await db.select().from(users).where(eq(users.email, 'greg.smith@families.example'));
    expect(greg).toMatchObject({ role: 'PARENT', organizationId: school.org.id });
    expect(greg?.identitySub).toBeTruthy();
    const [invite] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'greg.smith@families.example'));
    expect(invite?.subject).toBe('You are invited to Fieldhouse');
    expect((await lastAudit('user.guardian-link'))?.summary).toBe('Added Greg Smith as father of Liam Smith');

    const both = await director.post(`/api/user/${school.athlete2.id}/guardians`, {
      guardianId: school.parent.id,
      guardian: { firstName: 'X', lastName: 'Y', email: 'x@y.example' },
    });
    expect(both.statusCode).toBe(400);
    const taken = await director.post(`/api/user/${school.athlete2.id}/guardians`, {
      guardian: { firstName: 'X', lastName: 'Y', email: school.coach.email },
    });
    expect(taken.statusCode).toBe(409);
    const notGuardian = await director.post(`/api/user/${school.athlete2.id}/guardians`, {
      guardianId: school.coach.id,
    });
    expect(notGuardian.statusCode).toBe(400);
    const foreign = await director.post(`/api/user/${school.athlete2.id}/guardians`, {
      guardianId: fixture.other.parent.id,
    });
    expect(foreign.statusCode).toBe(404);
    const onCoach = await director.post(`/api/user/${school.coach.id}/guardians`, { guardianId: school.parent.id });
    expect(onCoach.statusCode).toBe(400);
  });

  it('a guardian linked as primary takes the mark from the other guardians, existing or new', async () => {
    const { app, school } = fixture;
    const db = app.testDatabase.db;
    const director = await as(app, school.director);
    const athlete = await buildUser(app, { role: 'ATHLETE', firstName: 'Pia', organizationId: school.org.id });
    const first = await buildUser(app, { role: 'PARENT', firstName: 'Ola', organizationId: school.org.id });
    const second = await buildUser(app, { role: 'PARENT', firstName: 'Uli', organizationId: school.org.id });
    const primaries = async () =>
      (
        await db
          .select({ guardianId: guardianLinks.guardianId })
          .from(guardianLinks)
          .where(and(eq(guardianLinks.athleteId, athlete.id), eq(guardianLinks.isPrimary, true)))
      ).map((l) => l.guardianId);
    for (const guardianId of [first.id, second.id]) {
      const res = await director.post(`/api/user/${athlete.id}/guardians`, { guardianId, isPrimary: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await primaries()).toEqual([second.id]);
    const added = await director.post(`/api/user/${athlete.id}/guardians`, {
      guardian: { firstName: 'Ned', lastName: 'Primary', email: `ned-${athlete.id}@families.example` },
      isPrimary: true,
    });
    expect(added.statusCode, added.body).toBe(200);
    const [ned] = await db
      .select()
      .from(users)
      .where(eq(users.email, `ned-${athlete.id}@families.example`));
    expect(await primaries()).toEqual([ned?.id]);
  });

  it('a guardian linked later sees the conversations adults already have with the child, and leaves them when unlinked', async () => {
    const { app, school } = fixture;
    const db = app.testDatabase.db;
    // A minor whose guardian is not linked yet: a second adult stands in until one is (decision 018).
    const minor = await buildUser(app, {
      role: 'ATHLETE',
      firstName: 'Mia',
      lastName: 'Minor',
      organizationId: school.org.id,
      dateOfBirth: `${new Date().getUTCFullYear() - 15}-03-01`,
    });
    await coachOf(app, school.coach, minor);
    const coach = await as(app, school.coach);
    const room = await coach.post('/api/chat/rooms/direct', { userId: minor.id });
    expect(room.statusCode, room.body).toBe(200);
    const roomId = room.json().data.id as number;
    const membership = async () =>
      (
        await db
          .select()
          .from(chatRoomMembers)
          .where(and(eq(chatRoomMembers.roomId, roomId), eq(chatRoomMembers.userId, school.parent.id)))
      )[0]?.reason ?? null;
    expect(await membership()).toBeNull();
    const director = await as(app, school.director);
    const linked = await director.post(`/api/user/${minor.id}/guardians`, {
      guardianId: school.parent.id,
      relationship: 'Aunt',
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(await membership()).toBe('GUARDIAN');
    await director.delete(`/api/user/${minor.id}/guardians/${school.parent.id}`);
    expect(await membership()).toBeNull();
  });

  it('changes an e-mail: sign-in follows, both addresses are told, the old one no longer signs in', async () => {
    const { app, school } = fixture;
    const db = app.testDatabase.db;
    const person = await buildUser(app, {
      role: 'COACH',
      firstName: 'Eve',
      lastName: 'Email',
      organizationId: school.org.id,
      email: 'eve.old@school.example',
    });
    const director = await as(app, school.director);
    const res = await director.patch(`/api/user/${person.id}/email`, { email: 'Eve.New@School.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.email).toBe('eve.new@school.example');
    await expect(signInAs(app, 'eve.new@school.example')).resolves.toHaveProperty('idToken');
    await expect(signInAs(app, 'eve.old@school.example')).rejects.toThrow(/sign-in failed/);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'email-changed'));
    expect(mails.map((m) => m.to).sort()).toEqual(['eve.new@school.example', 'eve.old@school.example']);
    expect(mails[0]?.text).toContain('from eve.old@school.example to eve.new@school.example');
    expect((await lastAudit('user.email'))?.summary).toBe('Changed Eve Email’s e-mail to eve.new@school.example');

    const taken = await director.patch(`/api/user/${person.id}/email`, { email: school.coach.email });
    expect(taken.statusCode).toBe(409);
    const bad = await director.patch(`/api/user/${person.id}/email`, { email: 'nope' });
    expect(bad.statusCode).toBe(400);
    const above = await director.patch(`/api/user/${school.superAdmin.id}/email`, { email: 'sup@school.example' });
    expect(above.statusCode).toBe(403);
    const foreign = await director.patch(`/api/user/${fixture.other.coach.id}/email`, { email: 'x@school.example' });
    expect(foreign.statusCode).toBe(404);
  });

  it('two e-mail changes to the same address at once: one wins, the other is a conflict', async () => {
    const { app, school } = fixture;
    const a = await buildUser(app, { role: 'COACH', firstName: 'Ann', organizationId: school.org.id });
    const b = await buildUser(app, { role: 'COACH', firstName: 'Ben', organizationId: school.org.id });
    const director = await as(app, school.director);
    const results = await Promise.all([
      director.patch(`/api/user/${a.id}/email`, { email: 'same@school.example' }),
      director.patch(`/api/user/${b.id}/email`, { email: 'same@school.example' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const owners = await app.testDatabase.db.select().from(users).where(eq(users.email, 'same@school.example'));
    expect(owners).toHaveLength(1);
    await expect(signInAs(app, 'same@school.example')).resolves.toHaveProperty('idToken');
  });
});
