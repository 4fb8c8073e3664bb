/**
 * Roster import: athletes with their team and a guardian, from CSV. Every row is validated
 * before anything is written; then all rows go in one transaction (all or nothing). Sign-in
 * accounts and invites follow after the commit.
 */
import { parseCsv, ROSTER_COLUMNS, type RosterImportResult, type RosterImportRowResult } from '@fieldhouse/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { guardianLinks, teamMembers, teams, users } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';

export const MAX_IMPORT_ROWS = 5000;

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const rowSchema = z.object({
  firstName: z.string().trim().min(1, 'firstName is required').max(100),
  lastName: z.string().trim().min(1, 'lastName is required').max(100),
  email: z.email('email is not a valid e-mail').trim().toLowerCase(),
  dateOfBirth: optional.pipe(z.iso.date('dateOfBirth must be YYYY-MM-DD').optional()),
  contactNumber: optional.pipe(
    z
      .string()
      .regex(/^[+()0-9 .-]{7,25}$/, 'contactNumber is not a phone number')
      .optional(),
  ),
  team: optional,
  jerseyNumber: optional.pipe(z.string().max(4, 'jerseyNumber is at most 4 characters').optional()),
  guardianFirstName: optional,
  guardianLastName: optional,
  guardianEmail: optional.pipe(z.email('guardianEmail is not a valid e-mail').toLowerCase().optional()),
  guardianPhone: optional.pipe(
    z
      .string()
      .regex(/^[+()0-9 .-]{7,25}$/, 'guardianPhone is not a phone number')
      .optional(),
  ),
  guardianRelationship: optional.pipe(z.string().max(40).optional()),
});
type Row = z.infer<typeof rowSchema>;

export async function importRoster(
  app: FastifyInstance,
  organizationId: number,
  csv: string,
  dryRun: boolean,
  /** Who imports, for the audit log (one entry with the counts). */
  actorId: number | null = null,
): Promise<RosterImportResult> {
  const { db } = app.database;
  const [header, ...lines] = parseCsv(csv);
  if (!header) throw badRequest('The file is empty');
  const columns = header.map((h) => h.trim());
  const missing = ['firstName', 'lastName', 'email'].filter((c) => !columns.includes(c));
  if (missing.length)
    throw badRequest(`Missing column(s): ${missing.join(', ')}. Expected: ${ROSTER_COLUMNS.join(', ')}`);
  if (lines.length === 0) throw badRequest('The file has a header but no rows');
  if (lines.length > MAX_IMPORT_ROWS) throw badRequest(`At most ${MAX_IMPORT_ROWS} rows per import`);

  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.organizationId, organizationId));
  const teamByName = new Map(teamRows.map((t) => [t.name.toLowerCase(), t.id]));
  const parsed: { row: Row | null; result: RosterImportRowResult }[] = lines.map((cells, i) => {
    const record = Object.fromEntries(columns.map((c, j) => [c, cells[j] ?? '']));
    const check = rowSchema.safeParse(record);
    const result: RosterImportRowResult = { row: i + 2, email: String(record.email ?? ''), errors: [] };
    if (!check.success) {
      result.errors.push(...check.error.issues.map((issue) => issue.message));
      return { row: null, result };
    }
    const row = check.data;
    if (row.team && !teamByName.has(row.team.toLowerCase())) result.errors.push(`team "${row.team}" does not exist`);
    if (row.guardianEmail && !row.guardianFirstName)
      result.errors.push('guardianFirstName is required with a guardianEmail');
    if (row.guardianEmail && row.guardianEmail === row.email)
      result.errors.push('the guardian e-mail is the athlete’s own');
    return { row, result };
  });

  // E-mails must be new, and unique within the file (a guardian may appear on several rows).
  const athleteEmails = parsed.flatMap((p) => (p.row ? [p.row.email] : []));
  const seen = new Map<string, number>();
  for (const p of parsed) {
    if (!p.row) continue;
    const count = (seen.get(p.row.email) ?? 0) + 1;
    seen.set(p.row.email, count);
    if (count > 1) p.result.errors.push('email appears more than once in the file');
  }
  const guardianEmails = parsed.flatMap((p) => (p.row?.guardianEmail ? [p.row.guardianEmail] : []));
  const existing =
    athleteEmails.length || guardianEmails.length
      ? await db
          .select({ email: users.email, role: users.role, organizationId: users.organizationId, id: users.id })
          .from(users)
          .where(inArray(users.email, [...athleteEmails, ...guardianEmails]))
      : [];
  const existingByEmail = new Map(existing.map((u) => [u.email, u]));
  for (const p of parsed) {
    if (!p.row) continue;
    if (existingByEmail.has(p.row.email)) p.result.errors.push('a user with this e-mail already exists');
    if (guardianEmails.includes(p.row.email)) p.result.errors.push('this e-mail is also used as a guardian');
    const guardian = p.row.guardianEmail ? existingByEmail.get(p.row.guardianEmail) : undefined;
    if (guardian && (guardian.role !== 'PARENT' || guardian.organizationId !== organizationId)) {
      p.result.errors.push('guardianEmail belongs to someone who is not a guardian in this organization');
    }
  }

  const rows = parsed.map((p) => p.result);
  const validRows = rows.filter((r) => r.errors.length === 0).length;
  const result: RosterImportResult = {
    dryRun,
    totalRows: rows.length,
    validRows,
    rows,
    created: { athletes: 0, guardians: 0, memberships: 0 },
  };
  if (dryRun || validRows !== rows.length) return result;

  const newPeople: { id: number; email: string; firstName: string; lastName: string | null }[] = [];
  await db.transaction(async (tx) => {
    const guardianIds = new Map<string, number>();
    for (const { row } of parsed) {
      if (!row) continue;
      const [athlete] = await tx
        .insert(users)
        .values({
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          role: 'ATHLETE',
          organizationId,
          dateOfBirth: row.dateOfBirth ?? null,
          contactNumber: row.contactNumber ?? null,
        })
        .returning();
      if (!athlete) throw new Error('insert returned nothing');
      newPeople.push(athlete);
      result.created.athletes++;
      if (row.team) {
        await tx.insert(teamMembers).values({
          teamId: teamByName.get(row.team.toLowerCase()) as number,
          userId: athlete.id,
          jerseyNumber: row.jerseyNumber ?? null,
        });
        result.created.memberships++;
      }
      if (row.guardianEmail) {
        let guardianId = guardianIds.get(row.guardianEmail) ?? existingByEmail.get(row.guardianEmail)?.id;
        if (!guardianId) {
          const [guardian] = await tx
            .insert(users)
            .values({
              email: row.guardianEmail,
              firstName: row.guardianFirstName as string,
              lastName: row.guardianLastName ?? row.lastName,
              role: 'PARENT',
              organizationId,
              contactNumber: row.guardianPhone ?? null,
            })
            .returning();
          if (!guardian) throw new Error('insert returned nothing');
          guardianId = guardian.id;
          guardianIds.set(row.guardianEmail, guardianId);
          newPeople.push(guardian);
          result.created.guardians++;
        }
        await tx
          .insert(guardianLinks)
          .values({
            guardianId,
            athleteId: athlete.id,
            relationship: row.guardianRelationship ?? 'Guardian',
            isPrimary: true,
          })
          .onConflictDoNothing();
      }
    }
    const { athletes, guardians, memberships } = result.created;
    await recordAudit(tx, {
      organizationId,
      actorId,
      action: 'user.import',
      entityType: 'roster',
      summary: `Imported a roster: ${athletes} athletes, ${guardians} guardians, ${memberships} team places`,
      after: { rows: rows.length, athletes, guardians, memberships },
    });
  });

  // Sign-in accounts with invites, after the commit; a failure leaves the person without sign-in
  // (an administrator can resend the invite), never a half-imported roster.
  for (const person of newPeople) {
    try {
      const { sub } = await app.identity.admin.createUser({
        email: person.email,
        givenName: person.firstName,
        familyName: person.lastName ?? undefined,
      });
      await db
        .update(users)
        .set({ identitySub: sub })
        .where(and(eq(users.id, person.id), sql`${users.identitySub} is null`));
    } catch (error) {
      app.log.warn({ err: error, email: person.email }, 'roster import: no sign-in account created');
    }
  }
  return result;
}
