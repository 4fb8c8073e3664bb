/** A small school for directory tests: two organizations, sports, teams and people in each. */

import { randomUUID } from 'node:crypto';
import type { Role } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { coaches, guardianLinks, sports, teamCoaches, teamMembers, teams } from '../../src/db/schema/index.ts';
import { schoolYearIn } from '../../src/modules/reports/common.ts';
import { buildTestApp, type TestApp } from './app.ts';
import { buildOrganization, buildUser, signInAs } from './factories.ts';

/** The school year a test school (America/Chicago, the default zone) is in now, as reports read it. */
export const THIS_SCHOOL_YEAR = schoolYearIn('America/Chicago');

export async function buildSchool(app: TestApp, name = 'Westfield High') {
  const db = app.testDatabase.db;
  const org = await buildOrganization(app, { name });
  const [sport] = await db
    .insert(sports)
    .values({ name: `Basketball ${randomUUID().slice(0, 6)}`, icon: 'ball-basketball' })
    .returning();
  const team = async (teamName: string) => {
    const [row] = await db
      .insert(teams)
      .values({
        organizationId: org.id,
        sportId: sport?.id as number,
        name: teamName,
        gender: 'GIRLS',
        season: 'WINTER',
        schoolYear: THIS_SCHOOL_YEAR,
      })
      .returning();
    return row as NonNullable<typeof row>;
  };
  const varsity = await team('Girls Varsity Basketball');
  const jv = await team('Girls JV Basketball');
  const tag = randomUUID().slice(0, 6);
  const person = (role: Role, firstName: string, lastName: string, extra = {}) =>
    buildUser(app, {
      role,
      firstName,
      lastName,
      organizationId: org.id,
      email: `${firstName}.${lastName}.${tag}@school.example`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, ''),
      ...extra,
    });

  const superAdmin = await person('SUPER_ADMIN', 'Sam', 'Super');
  const director = await person('ATHLETIC_DIRECTOR', 'Dana', 'Director');
  const administrator = await person('ATHLETIC_ADMINISTRATOR', 'Ari', 'Admin');
  const assistant = await person('ASSISTANT_ATHLETIC_DIRECTOR', 'Asa', 'Assistant');
  const coach = await person('COACH', 'Cora', 'Coach');
  const athlete = await person('ATHLETE', 'Zoë', 'Núñez');
  // A senior of 18+: no guardian needed. `athlete` (no date of birth) counts as a minor, with a guardian.
  const athlete2 = await person('ATHLETE', 'Liam', 'Smith', { dateOfBirth: '2006-09-14' });
  const parent = await person('PARENT', 'Paula', 'Núñez');
  const [coachRow] = await db.insert(coaches).values({ userId: coach.id, title: 'Head Coach' }).returning();
  await db.insert(teamCoaches).values({ coachId: coachRow?.id as number, teamId: varsity.id, role: 'HEAD' });
  await db.insert(teamMembers).values([
    { teamId: varsity.id, userId: athlete.id, jerseyNumber: '7' },
    { teamId: jv.id, userId: athlete2.id },
  ]);
  await db
    .insert(guardianLinks)
    .values({ guardianId: parent.id, athleteId: athlete.id, relationship: 'Mother', isPrimary: true });
  return {
    org,
    sport: sport as NonNullable<typeof sport>,
    varsity,
    jv,
    superAdmin,
    director,
    administrator,
    assistant,
    coach,
    athlete,
    athlete2,
    parent,
  };
}

export type School = Awaited<ReturnType<typeof buildSchool>>;

/** inject() as a signed-in user (real id token from the identity endpoint). */
export async function as(app: TestApp, user: { email: string }) {
  const { idToken } = await signInAs(app, user.email);
  const headers = { authorization: `Bearer ${idToken}` };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: unknown) =>
      app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) }),
    patch: (url: string, payload: unknown) => app.inject({ method: 'PATCH', url, headers, payload: payload as object }),
    put: (url: string, payload: unknown) => app.inject({ method: 'PUT', url, headers, payload: payload as object }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/**
 * A test file's app with two schools, Westfield High (`school`) and Eastview Academy (`other`):
 * built before the file's tests, the app closed after them. Read the fields inside tests.
 */
export function withSchools() {
  const fixture = {} as { app: TestApp; school: School; other: School };
  beforeAll(async () => {
    fixture.app = await buildTestApp();
    fixture.school = await buildSchool(fixture.app, 'Westfield High');
    fixture.other = await buildSchool(fixture.app, 'Eastview Academy');
  });
  afterAll(async () => {
    await fixture.app.close();
  });
  return fixture;
}

/**
 * Makes `coach` coach `athlete` on a team of their own (written straight to the tables, so no
 * team room is made): a coach may start a conversation only with their own athletes (decision
 * 026), and tests about other rules first give them that tie.
 */
export async function coachOf(
  app: TestApp,
  coach: { id: number },
  athlete: { id: number; organizationId: number | null },
) {
  const db = app.testDatabase.db;
  const [sport] = await db.select({ id: sports.id }).from(sports).limit(1);
  const [team] = await db
    .insert(teams)
    .values({
      organizationId: athlete.organizationId as number,
      sportId: sport?.id as number,
      name: `Squad ${randomUUID().slice(0, 6)}`,
      gender: 'COED',
      season: 'WINTER',
      schoolYear: THIS_SCHOOL_YEAR,
    })
    .returning();
  let [coachRow] = await db.select().from(coaches).where(eq(coaches.userId, coach.id));
  if (!coachRow) [coachRow] = await db.insert(coaches).values({ userId: coach.id }).returning();
  await db.insert(teamCoaches).values({ coachId: coachRow?.id as number, teamId: team?.id as number });
  await db.insert(teamMembers).values({ teamId: team?.id as number, userId: athlete.id });
  return team as NonNullable<typeof team>;
}
