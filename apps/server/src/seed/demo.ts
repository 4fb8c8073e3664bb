/**
 * The demo high school: 12 sports, 23 teams, 400 athletes with guardians, 40 coaches and the
 * five admin roles, with a few INACTIVE and SUSPENDED accounts. Deterministic for a given seed.
 */
import type { Role, UserStatus } from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  coaches,
  guardianLinks,
  organizations,
  sports,
  teamCoaches,
  teamMembers,
  teams,
  users,
} from '../db/schema/index.ts';
import { SPORTS, TEAMS } from './catalog.ts';
import { seedDemoAudit } from './demo-audit.ts';
import { seedDemoAvailability } from './demo-availability.ts';
import { seedDemoCalendar } from './demo-calendar.ts';
import { seedDemoChat } from './demo-chat.ts';
import { BOY_NAMES, GIRL_NAMES, LAST_NAMES } from './names.ts';
import { createRandom, type Random } from './random.ts';

export const DEMO_ORGANIZATION = {
  name: 'Lincoln High School',
  slug: 'lincoln-high',
  city: 'Springfield',
  state: 'IL',
};
export const DEMO_DOMAIN = 'lincolnhigh.example';
export const DEMO_ADMIN = { email: `admin@${DEMO_DOMAIN}`, password: 'Fieldhouse-2026' };
/** A coach with a known e-mail, for trying the chat from a coach's side (same password). */
export const DEMO_COACH_EMAIL = `coach@${DEMO_DOMAIN}`;
/** An athlete under 18 on the demo coach's team, and their guardian: the member app's side (same password). */
export const DEMO_ATHLETE_EMAIL = `athlete@${DEMO_DOMAIN}`;
export const DEMO_PARENT_EMAIL = `parent@${DEMO_DOMAIN}`;
/** An administrator invited but not yet signed in: the invite (temporary password) is in the outbox. */
export const DEMO_INVITED_EMAIL = `new.admin@${DEMO_DOMAIN}`;
/** A suspended administrator, refused at sign-in. */
export const DEMO_SUSPENDED_EMAIL = `suspended.admin@${DEMO_DOMAIN}`;

export type NewUser = typeof users.$inferInsert;

/** ASCII e-mail local part from a name: "Zoë Núñez" → "zoe.nunez". */
export function emailLocalPart(...parts: string[]) {
  return parts
    .join('.')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9.]/g, '');
}

/** Hands out unique e-mails: the second "emma.smith" becomes "emma.smith2". */
export function emailFactory(domain: string) {
  const seen = new Map<string, number>();
  return (...parts: string[]) => {
    const base = emailLocalPart(...parts);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return `${base}${n > 1 ? n : ''}@${domain}`;
  };
}

export function phoneNumber(random: Random) {
  return `(217) 555-${String(random.int(0, 9999)).padStart(4, '0')}`;
}

/** Inserts rows in batches (PostgreSQL caps bind parameters at 65535) and returns their ids. */
export async function insertUsers(db: Db, rows: NewUser[], batchSize = 1000): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += batchSize) {
    const inserted = await db
      .insert(users)
      .values(rows.slice(i, i + batchSize))
      .returning({ id: users.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

const daysAgo = (base: Date, days: number) => new Date(base.getTime() - days * 86_400_000);

export type DemoSummary = {
  organizationId: number;
  admin: typeof DEMO_ADMIN;
  counts: { sports: number; teams: number; athletes: number; guardians: number; coaches: number; admins: number };
};

export async function seedDemo(db: Db, seed = 2026): Promise<DemoSummary> {
  const random = createRandom(seed);
  const email = emailFactory(DEMO_DOMAIN);
  const now = new Date();
  const schoolYearStart = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const schoolYear = `${schoolYearStart}-${String((schoolYearStart + 1) % 100).padStart(2, '0')}`;

  return db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ ...DEMO_ORGANIZATION, timezone: 'America/Chicago' })
      .returning();
    if (!org) throw new Error('organization insert returned nothing');

    await tx
      .insert(sports)
      .values([...SPORTS])
      .onConflictDoNothing({ target: sports.name });
    const sportRows = await tx.select().from(sports);
    const sportId = new Map(sportRows.map((s) => [s.name, s.id]));

    const teamRows = await tx
      .insert(teams)
      .values(
        TEAMS.map((t) => ({
          organizationId: org.id,
          sportId: sportId.get(t.sport) as number,
          name: t.name,
          level: t.level,
          gender: t.gender,
          season: t.season,
          schoolYear,
        })),
      )
      .returning({ id: teams.id });
    const teamIds = teamRows.map((t) => t.id);

    const person = (role: Role, firstName: string, lastName: string, extra: Partial<NewUser> = {}): NewUser => ({
      email: email(firstName, lastName),
      firstName,
      lastName,
      role,
      status: 'ACTIVE',
      organizationId: org.id,
      contactNumber: phoneNumber(random),
      createdAt: daysAgo(now, random.int(20, 400)),
      ...extra,
    });

    // Admins: one of each admin role, two athletic administrators.
    const admins: NewUser[] = [
      {
        ...person('SUPER_ADMIN', 'Dana', 'Whitaker'),
        email: DEMO_ADMIN.email,
        bio: 'District athletics systems lead.',
      },
      person('ATHLETIC_DIRECTOR', 'Marcus', 'Reed', { bio: 'Director of Athletics since 2015.' }),
      person('ATHLETIC_ADMINISTRATOR', 'Priya', 'Shah'),
      person('ATHLETIC_ADMINISTRATOR', 'Tom', 'Becker'),
      person('ASSISTANT_ATHLETIC_DIRECTOR', 'Alicia', 'Moreno'),
      { ...person('ATHLETIC_ADMINISTRATOR', 'Jordan', 'Ellis'), email: DEMO_INVITED_EMAIL },
      { ...person('ATHLETIC_ADMINISTRATOR', 'Greg', 'Holt'), email: DEMO_SUSPENDED_EMAIL, status: 'SUSPENDED' },
    ];
    await insertUsers(tx, admins);

    // Coaches: one head coach per team, the rest assistants on the bigger teams.
    const coachUsers: NewUser[] = Array.from({ length: 40 }, (_, i) => {
      const female = random.chance(0.4);
      const first = random.pick(female ? GIRL_NAMES : BOY_NAMES);
      const last = random.pick(LAST_NAMES);
      const coach = person('COACH', first, last, { status: i === 39 ? 'INACTIVE' : 'ACTIVE' });
      return i === 0 ? { ...coach, email: DEMO_COACH_EMAIL } : coach;
    });
    const coachUserIds = await insertUsers(tx, coachUsers);
    const coachRows = await tx
      .insert(coaches)
      .values(
        coachUserIds.map((userId, i) => ({ userId, title: i < teamIds.length ? 'Head Coach' : 'Assistant Coach' })),
      )
      .returning({ id: coaches.id });
    const byTeamSize = [...TEAMS.keys()].sort((a, b) => (TEAMS[b]?.size ?? 0) - (TEAMS[a]?.size ?? 0));
    const coachLinks = coachRows.map((c, i) =>
      i < teamIds.length
        ? { coachId: c.id, teamId: teamIds[i] as number, role: 'HEAD' as const }
        : {
            coachId: c.id,
            teamId: teamIds[byTeamSize[(i - teamIds.length) % byTeamSize.length] as number] as number,
            role: 'ASSISTANT' as const,
          },
    );
    await tx.insert(teamCoaches).values(coachLinks);

    // Athletes, each with one or two guardians; about one in eight is a sibling of the previous one.
    const athletes: NewUser[] = [];
    const genders: ('BOYS' | 'GIRLS')[] = [];
    const familyOf: number[] = [];
    const families: { last: string; guardians: NewUser[]; relationships: string[] }[] = [];
    for (let i = 0; i < 400; i++) {
      const gender = random.chance(0.52) ? 'BOYS' : 'GIRLS';
      const sibling = i > 0 && random.chance(0.12);
      if (!sibling) {
        const last = random.pick(LAST_NAMES);
        const two = random.chance(0.6);
        const guardians = [person('PARENT', random.pick(GIRL_NAMES), last)];
        const relationships = ['Mother'];
        if (two) {
          guardians.push(
            person('PARENT', random.pick(BOY_NAMES), random.chance(0.85) ? last : random.pick(LAST_NAMES)),
          );
          relationships.push('Father');
        } else if (random.chance(0.3)) {
          relationships[0] = 'Guardian';
        }
        families.push({ last, guardians, relationships });
      }
      const familyIndex = families.length - 1;
      const family = families[familyIndex] as (typeof families)[number];
      const grade = random.int(9, 12);
      const birthYear = schoolYearStart - 5 - grade;
      const status: UserStatus = random.chance(0.02) ? 'INACTIVE' : i % 150 === 149 ? 'SUSPENDED' : 'ACTIVE';
      athletes.push(
        person('ATHLETE', random.pick(gender === 'BOYS' ? BOY_NAMES : GIRL_NAMES), family.last, {
          status,
          dateOfBirth: `${birthYear}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
          bio: `Class of ${schoolYearStart + 13 - grade}`,
        }),
      );
      genders.push(gender);
      familyOf.push(familyIndex);
    }
    const athleteIds = await insertUsers(tx, athletes);

    const guardianRows = families.flatMap((f) => f.guardians);
    guardianRows.slice(0, 3).forEach((g) => {
      g.status = 'SUSPENDED';
    });
    const guardianIds = await insertUsers(tx, guardianRows);
    const familyGuardianIds: number[][] = [];
    let cursor = 0;
    for (const f of families) {
      familyGuardianIds.push(guardianIds.slice(cursor, cursor + f.guardians.length));
      cursor += f.guardians.length;
    }
    await tx.insert(guardianLinks).values(
      athleteIds.flatMap((athleteId, i) => {
        const familyIndex = familyOf[i] as number;
        const family = families[familyIndex] as (typeof families)[number];
        return (familyGuardianIds[familyIndex] ?? []).map((guardianId, g) => ({
          guardianId,
          athleteId,
          relationship: family.relationships[g] ?? 'Guardian',
          isPrimary: g === 0,
        }));
      }),
    );

    // Rosters: each athlete tries out for a team in some seasons, matching the team's gender.
    const memberships: (typeof teamMembers.$inferInsert)[] = [];
    const seasonChance = { FALL: 0.6, WINTER: 0.45, SPRING: 0.55 } as const;
    athleteIds.forEach((userId, i) => {
      for (const season of ['FALL', 'WINTER', 'SPRING'] as const) {
        if (!random.chance(seasonChance[season])) continue;
        const options = TEAMS.map((t, index) => ({ t, index })).filter(
          ({ t }) => t.season === season && (t.gender === 'COED' || t.gender === genders[i]),
        );
        if (options.length === 0) continue;
        const { index } = random.pick(options);
        memberships.push({ teamId: teamIds[index] as number, userId, jerseyNumber: String(random.int(0, 99)) });
      }
    });
    for (let i = 0; i < memberships.length; i += 1000) {
      await tx.insert(teamMembers).values(memberships.slice(i, i + 1000));
    }
    // Known member accounts: the first active minor on the demo coach's team (coach 0 heads team
    // 0) with an active guardian gets the athlete e-mail; their first guardian the parent one.
    const suspendedGuardians = new Set(guardianIds.filter((_, g) => guardianRows[g]?.status !== 'ACTIVE'));
    const known = athleteIds.findIndex((userId, i) => {
      const guardian = familyGuardianIds[familyOf[i] as number]?.[0];
      const birthYear = Number(athletes[i]?.dateOfBirth?.slice(0, 4));
      return (
        athletes[i]?.status === 'ACTIVE' &&
        birthYear >= schoolYearStart - 16 &&
        guardian !== undefined &&
        !suspendedGuardians.has(guardian) &&
        memberships.some((m) => m.userId === userId && m.teamId === teamIds[0])
      );
    });
    if (known >= 0) {
      const guardian = familyGuardianIds[familyOf[known] as number]?.[0] as number;
      await tx
        .update(users)
        .set({ email: DEMO_ATHLETE_EMAIL })
        .where(eq(users.id, athleteIds[known] as number));
      await tx.update(users).set({ email: DEMO_PARENT_EMAIL }).where(eq(users.id, guardian));
    }
    await seedDemoChat(tx, DEMO_ADMIN.email, DEMO_COACH_EMAIL);
    await seedDemoCalendar(tx, org.id, org.timezone, null, now);
    await seedDemoAvailability(tx, org.id, org.timezone, random, now);
    await seedDemoAudit(
      tx,
      org.id,
      [`marcus.reed@${DEMO_DOMAIN}`, DEMO_ADMIN.email],
      DEMO_INVITED_EMAIL,
      DEMO_SUSPENDED_EMAIL,
    );

    return {
      organizationId: org.id,
      admin: DEMO_ADMIN,
      counts: {
        sports: SPORTS.length,
        teams: teamIds.length,
        athletes: athleteIds.length,
        guardians: guardianIds.length,
        coaches: coachUserIds.length,
        admins: admins.length,
      },
    };
  });
}
