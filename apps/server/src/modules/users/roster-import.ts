/**
 * Roster import: athletes with their team, class and up to two guardians. Rows arrive mapped to
 * our fields (the web's mapping step, or a CSV whose headers `matchColumns` understands). Every
 * error of every row is reported at once, in plain words. The CSV endpoint keeps its
 * all-or-nothing contract; the rows endpoint writes the valid rows and reports the others.
 * Sign-in accounts and invites follow after the commit.
 */
import {
  graduationYearFor,
  MAX_IMPORT_ROWS,
  parseFlexibleDate,
  plural,
  quoted,
  ROSTER_FIELDS,
  type RosterImportResult,
  type RosterImportRowResult,
  type RosterRowValues,
} from '@fieldhouse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { guardianLinks, organizations, teamMembers, teams, users } from '../../db/schema/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { mappedCsvRows } from '../../http/mapped-csv.ts';
import { recordAudit } from '../audit/record.ts';
import { reconcileTeams } from '../safeguarding/reconcile.ts';
import { provisionSignIn } from './sign-in-account.ts';

export { MAX_IMPORT_ROWS };

type Guardian = { firstName: string; lastName: string; email: string; phone: string | null; relationship: string };
/** A row that passed every check, ready to write. */
type RosterRow = {
  row: number;
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string | null;
  graduationYear: number | null;
  contactNumber: string | null;
  teamId: number | null;
  jerseyNumber: string | null;
  position: string | null;
  guardians: Guardian[];
};
type Checked = { result: RosterImportRowResult; value: RosterRow | null };
export type MappedRow = { row: number; values: RosterRowValues };

const PHONE = /^[+()0-9 .-]{7,25}$/;
const isEmail = (v: string) => z.email().safeParse(v).success && v.length <= 254;
const GRADE_WORDS: Record<string, number> = { freshman: 9, sophomore: 10, junior: 11, senior: 12 };

function parseGraduationYear(text: string): number | null {
  const m = /^(?:class of\s*)?'?(\d{4}|\d{2})$/i.exec(text.trim());
  if (!m) return null;
  const year = (m[1] as string).length === 2 ? 2000 + Number(m[1]) : Number(m[1]);
  return year >= 1950 && year <= 2100 ? year : null;
}

function parseGrade(text: string): number | null {
  const value = text.trim().toLowerCase();
  if (value in GRADE_WORDS) return GRADE_WORDS[value] as number;
  const m = /^(?:grade\s*)?(\d{1,2})(?:st|nd|rd|th)?(?:\s*grade)?$/.exec(value);
  const grade = m ? Number(m[1]) : Number.NaN;
  return grade >= 6 && grade <= 12 ? grade : null;
}

/** "Maria Martinez" → first and last; a single word takes the athlete's last name. */
function splitName(full: string, fallbackLast: string) {
  const parts = full.trim().split(/\s+/);
  const last = parts.length > 1 ? (parts.pop() as string) : fallbackLast;
  return { firstName: parts.join(' '), lastName: last };
}

/** One row's own checks (no database): every problem, in words a coach would use. */
function checkRow(values: RosterRowValues, teamByName: Map<string, number | null>, schoolName: string, now: Date) {
  const v = (key: keyof RosterRowValues) => (values[key] ?? '').trim();
  const errors: string[] = [];
  const firstName = v('firstName');
  const lastName = v('lastName');
  const email = v('email').toLowerCase();
  if (!firstName) errors.push('First name is missing');
  else if (firstName.length > 100) errors.push('First name is longer than 100 characters');
  if (!lastName) errors.push('Last name is missing');
  else if (lastName.length > 100) errors.push('Last name is longer than 100 characters');
  if (!email) errors.push('E-mail is missing');
  else if (!isEmail(email)) errors.push(`E-mail ${quoted(email)} is not a valid address`);

  let dateOfBirth: string | null = null;
  if (v('dateOfBirth')) {
    dateOfBirth = parseFlexibleDate(v('dateOfBirth'), now);
    if (!dateOfBirth) {
      errors.push(`Date of birth ${quoted(v('dateOfBirth'))} is not a date; use 4/15/2010 or 2010-04-15`);
    } else if (dateOfBirth > now.toISOString().slice(0, 10)) {
      errors.push(`Date of birth ${quoted(v('dateOfBirth'))} is in the future`);
    }
  }
  let graduationYear: number | null = null;
  if (v('graduationYear')) {
    graduationYear = parseGraduationYear(v('graduationYear'));
    if (!graduationYear) errors.push(`Graduation year ${quoted(v('graduationYear'))} is not a year such as 2028`);
  }
  if (v('grade')) {
    const grade = parseGrade(v('grade'));
    if (grade === null) errors.push(`Grade ${quoted(v('grade'))} is not a grade from 6 to 12`);
    else graduationYear ??= graduationYearFor(grade, now);
  }
  const contactNumber = v('contactNumber') || null;
  if (contactNumber && !PHONE.test(contactNumber)) errors.push(`Phone ${quoted(contactNumber)} is not a phone number`);

  let teamId: number | null = null;
  if (v('team')) {
    const found = teamByName.get(v('team').toLowerCase());
    if (found === undefined) {
      errors.push(
        `Team ${quoted(v('team'))} does not exist at ${schoolName}; add it on the Teams page or correct the name`,
      );
    } else if (found === null) {
      errors.push(
        `${quoted(v('team'))} is the name of more than one team at ${schoolName}; rename one on the Teams page`,
      );
    } else teamId = found;
  }
  const jerseyNumber = v('jerseyNumber').replace(/^#/, '') || null;
  if (jerseyNumber && jerseyNumber.length > 4)
    errors.push(`Jersey number ${quoted(jerseyNumber)} is longer than 4 characters`);
  const position = v('position') || null;
  if (position && position.length > 60) errors.push('Position is longer than 60 characters');

  const guardians: Guardian[] = [];
  for (const [n, prefix] of [
    [1, 'guardian'],
    [2, 'guardian2'],
  ] as const) {
    const g = (field: 'FirstName' | 'LastName' | 'Name' | 'Email' | 'Phone' | 'Relationship') =>
      v(`${prefix}${field}` as keyof RosterRowValues);
    const who = n === 1 ? 'Guardian' : 'Second guardian';
    const fromFull = g('Name') ? splitName(g('Name'), lastName) : null;
    const gFirst = g('FirstName') || fromFull?.firstName || '';
    const gLast = g('LastName') || fromFull?.lastName || lastName;
    const gEmail = g('Email').toLowerCase();
    const gPhone = g('Phone') || null;
    if (!gFirst && !gEmail && !gPhone && !g('LastName')) continue;
    const label = gFirst ? `${who} ${quoted([gFirst, gLast].join(' '))}` : who;
    if (!gEmail) errors.push(`${label} has no e-mail; Fieldhouse needs one to invite them`);
    else if (!isEmail(gEmail)) errors.push(`${who} e-mail ${quoted(gEmail)} is not a valid address`);
    else if (gEmail === email) errors.push(`${who} e-mail is the athlete’s own e-mail`);
    if (gEmail && !gFirst) errors.push(`${who} first name is missing`);
    if (gPhone && !PHONE.test(gPhone)) errors.push(`${who} phone ${quoted(gPhone)} is not a phone number`);
    if (g('Relationship').length > 40) errors.push(`${who} relationship is longer than 40 characters`);
    if (gEmail && guardians.some((other) => other.email === gEmail)) errors.push('Both guardians have the same e-mail');
    guardians.push({
      firstName: gFirst.slice(0, 100),
      lastName: gLast.slice(0, 100),
      email: gEmail,
      phone: gPhone,
      relationship: g('Relationship') || 'Guardian',
    });
  }
  const value: RosterRow = {
    row: 0,
    firstName,
    lastName,
    email,
    dateOfBirth,
    graduationYear,
    contactNumber,
    teamId,
    jerseyNumber,
    position,
    guardians,
  };
  return { errors, value };
}

/** Every error of every row: the rows' own checks, then duplicates in the file and people already here. */
export async function checkRosterRows(
  db: Db,
  organizationId: number,
  rows: MappedRow[],
  now = new Date(),
): Promise<Checked[]> {
  // Active teams only: an archived one is a past season, often of the same name.
  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.status, 'ACTIVE')));
  const [school] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  // null: a name two active teams share, which the row cannot settle.
  const teamByName = new Map<string, number | null>();
  for (const t of teamRows) {
    const key = t.name.trim().toLowerCase();
    teamByName.set(key, teamByName.has(key) ? null : t.id);
  }
  const checked = rows.map(({ row, values }) => {
    const { errors, value } = checkRow(values, teamByName, school?.name ?? 'this school', now);
    const name = [value.firstName, value.lastName].filter(Boolean).join(' ');
    return { result: { row, name, email: value.email, errors }, value: { ...value, row } };
  });

  // An athlete's e-mail once in the file, and never a guardian's too.
  const athleteRow = new Map<string, number>();
  const guardianRow = new Map<string, number>();
  for (const { value } of checked) {
    for (const g of value.guardians) if (g.email && !guardianRow.has(g.email)) guardianRow.set(g.email, value.row);
  }
  for (const { result, value } of checked) {
    if (!value.email) continue;
    const first = athleteRow.get(value.email);
    if (first !== undefined)
      result.errors.push(`E-mail ${quoted(value.email)} is already on row ${first} of this file`);
    else athleteRow.set(value.email, value.row);
    const asGuardian = guardianRow.get(value.email);
    if (asGuardian !== undefined) {
      result.errors.push(`E-mail ${quoted(value.email)} is also a guardian’s e-mail (row ${asGuardian})`);
    }
  }

  const emails = [...new Set([...athleteRow.keys(), ...guardianRow.keys()])];
  const existing = emails.length
    ? await db
        .select({ email: users.email, role: users.role, organizationId: users.organizationId, status: users.status })
        .from(users)
        .where(inArray(users.email, emails))
    : [];
  const existingByEmail = new Map(existing.map((u) => [u.email, u]));
  for (const { result, value } of checked) {
    if (existingByEmail.has(value.email)) {
      result.errors.push(`Someone with the e-mail ${quoted(value.email)} is already in Fieldhouse`);
    }
    for (const g of value.guardians) {
      const found = existingByEmail.get(g.email);
      if (found && (found.role !== 'PARENT' || found.organizationId !== organizationId || found.status === 'DELETED')) {
        result.errors.push(
          `Guardian e-mail ${quoted(g.email)} belongs to someone who is not a guardian at this school`,
        );
      }
    }
  }
  return checked.map(({ result, value }) => ({ result, value: result.errors.length ? null : value }));
}

type NewPerson = { id: number; email: string; firstName: string; lastName: string | null };

/**
 * Writes checked rows in one transaction with one audit entry. E-mails taken meanwhile (another
 * import, a person added by hand) are skipped and reported on their rows, never a failed batch.
 */
async function writeRosterRows(
  app: FastifyInstance,
  organizationId: number,
  actorId: number | null,
  rows: RosterRow[],
  results: Map<number, RosterImportRowResult>,
) {
  const created = { athletes: 0, guardians: 0, memberships: 0 };
  const newPeople: NewPerson[] = [];
  if (rows.length === 0) return { created, newPeople };
  await inTransaction(app.database.db, async (tx, afterCommit) => {
    const athletes = await tx
      .insert(users)
      .values(
        rows.map((r) => ({
          email: r.email,
          firstName: r.firstName,
          lastName: r.lastName,
          role: 'ATHLETE' as const,
          organizationId,
          dateOfBirth: r.dateOfBirth,
          graduationYear: r.graduationYear,
          contactNumber: r.contactNumber,
        })),
      )
      .onConflictDoNothing({ target: users.email })
      .returning();
    const athleteByEmail = new Map(athletes.map((a) => [a.email, a]));
    const written = rows.filter((r) => {
      if (athleteByEmail.has(r.email)) return true;
      results.get(r.row)?.errors.push(`Someone with the e-mail ${quoted(r.email)} is already in Fieldhouse`);
      return false;
    });
    newPeople.push(...athletes);
    created.athletes = athletes.length;

    const memberships = written.flatMap((r) =>
      r.teamId
        ? [
            {
              teamId: r.teamId,
              userId: (athleteByEmail.get(r.email) as NewPerson).id,
              jerseyNumber: r.jerseyNumber,
              position: r.position,
            },
          ]
        : [],
    );
    if (memberships.length) {
      created.memberships = (await tx.insert(teamMembers).values(memberships).onConflictDoNothing().returning()).length;
    }

    // Guardians: new ones are created once (siblings share them), existing ones of the school are linked.
    const wanted = new Map<string, Guardian>();
    for (const r of written) for (const g of r.guardians) if (!wanted.has(g.email)) wanted.set(g.email, g);
    if (wanted.size) {
      const inserted = await tx
        .insert(users)
        .values(
          [...wanted.values()].map((g) => ({
            email: g.email,
            firstName: g.firstName,
            lastName: g.lastName,
            role: 'PARENT' as const,
            organizationId,
            contactNumber: g.phone,
          })),
        )
        .onConflictDoNothing({ target: users.email })
        .returning();
      newPeople.push(...inserted);
      created.guardians = inserted.length;
      const guardians = await tx
        .select({ id: users.id, email: users.email, role: users.role, organizationId: users.organizationId })
        .from(users)
        .where(inArray(users.email, [...wanted.keys()]));
      const guardianId = new Map(
        guardians.filter((g) => g.role === 'PARENT' && g.organizationId === organizationId).map((g) => [g.email, g.id]),
      );
      const links = written.flatMap((r) =>
        r.guardians.flatMap((g, i) => {
          const id = guardianId.get(g.email);
          if (!id) {
            results
              .get(r.row)
              ?.errors.push(
                `Guardian e-mail ${quoted(g.email)} belongs to someone who is not a guardian at this school`,
              );
            return [];
          }
          const athleteId = (athleteByEmail.get(r.email) as NewPerson).id;
          return [{ guardianId: id, athleteId, relationship: g.relationship, isPrimary: i === 0 }];
        }),
      );
      if (links.length) await tx.insert(guardianLinks).values(links).onConflictDoNothing();
    }
    const { athletes: a, guardians: g, memberships: m } = created;
    await recordAudit(tx, {
      organizationId,
      actorId,
      action: 'user.import',
      entityType: 'roster',
      summary: `Imported a roster: ${plural(a, 'athlete')}, ${plural(g, 'new guardian')}, ${plural(m, 'team place')}`,
      after: { rows: rows.length, athletes: a, guardians: g, memberships: m },
    });
    // The teams' rooms take in the new athletes and their guardians (decision 018).
    const teamIds = [...new Set(written.flatMap((r) => (r.teamId ? [r.teamId] : [])))];
    const reconciled = await reconcileTeams(tx, teamIds, 'import');
    afterCommit(() => reconciled.emit(app.io));
  });
  return { created, newPeople };
}

/**
 * Sign-in accounts with invites, after the commit; a failure leaves the person without sign-in
 * ("Resend invite" then creates it), never a half import.
 */
async function inviteAll(app: FastifyInstance, people: NewPerson[]) {
  for (const person of people) {
    try {
      await provisionSignIn(app, person);
    } catch (error) {
      app.log.warn({ err: error, email: person.email }, 'roster import: no sign-in account created');
    }
  }
}

/**
 * Mapped rows: a check reports every error; an import writes the valid rows and reports the
 * rest (including rows that became invalid since the check).
 */
export async function importRosterRows(
  app: FastifyInstance,
  organizationId: number,
  rows: MappedRow[],
  dryRun: boolean,
  actorId: number | null,
): Promise<RosterImportResult> {
  const checked = await checkRosterRows(app.database.db, organizationId, rows);
  const results = new Map(checked.map((c) => [c.result.row, c.result]));
  const result: RosterImportResult = {
    dryRun,
    totalRows: rows.length,
    validRows: 0,
    rows: checked.map((c) => c.result),
    created: { athletes: 0, guardians: 0, memberships: 0 },
  };
  if (!dryRun) {
    const valid = checked.flatMap((c) => (c.value ? [c.value] : []));
    const { created, newPeople } = await writeRosterRows(app, organizationId, actorId, valid, results);
    result.created = created;
    await inviteAll(app, newPeople);
  }
  result.validRows = result.rows.filter((r) => r.errors.length === 0).length;
  return result;
}

/** The CSV contract (API clients): headers matched like the mapping step; all rows or none. */
export async function importRoster(
  app: FastifyInstance,
  organizationId: number,
  csv: string,
  dryRun: boolean,
  actorId: number | null = null,
): Promise<RosterImportResult> {
  const rows = mappedCsvRows(
    csv,
    ROSTER_FIELDS,
    'Name them as in the template, e.g. "First Name", "Last Name", "Email"',
  );
  const checked = await checkRosterRows(app.database.db, organizationId, rows);
  const result: RosterImportResult = {
    dryRun,
    totalRows: rows.length,
    validRows: checked.filter((c) => c.value).length,
    rows: checked.map((c) => c.result),
    created: { athletes: 0, guardians: 0, memberships: 0 },
  };
  if (dryRun || result.validRows !== result.totalRows) return result;
  const results = new Map(checked.map((c) => [c.result.row, c.result]));
  const { created, newPeople } = await writeRosterRows(
    app,
    organizationId,
    actorId,
    checked.map((c) => c.value as RosterRow),
    results,
  );
  result.created = created;
  await inviteAll(app, newPeople);
  result.validRows = result.rows.filter((r) => r.errors.length === 0).length;
  return result;
}
