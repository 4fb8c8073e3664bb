/**
 * A few days of the demo department's audit trail, so the dashboard's "recent changes" and the
 * audit log read like a school in use. Backdated, deterministic, written like real changes.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { auditLog, teams, users } from '../db/schema/index.ts';
import { recordAudit } from '../modules/audit/record.ts';

export async function seedDemoAudit(
  db: Db,
  organizationId: number,
  actorEmails: string[],
  invitedEmail: string,
  suspendedEmail: string,
) {
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.email, [...actorEmails, invitedEmail, suspendedEmail]));
  const byEmail = (email: string) => people.find((p) => p.email === email);
  const [director, admin] = actorEmails.map(byEmail);
  const invited = byEmail(invitedEmail);
  const suspended = byEmail(suspendedEmail);
  const [team] = await db
    .select()
    .from(teams)
    .where(eq(teams.organizationId, organizationId))
    .orderBy(asc(teams.id))
    .limit(1);
  const [coach] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'COACH')))
    .orderBy(asc(users.id))
    .limit(1);
  const name = (u: { firstName: string; lastName: string | null } | undefined) =>
    [u?.firstName, u?.lastName].filter(Boolean).join(' ');
  const entries = [
    invited && {
      actorId: director?.id ?? null,
      action: 'user.create',
      entityType: 'user',
      entityId: invited.id,
      summary: `Invited ${name(invited)} as athletic administrator`,
      after: { email: invited.email, role: invited.role },
    },
    suspended && {
      actorId: director?.id ?? null,
      action: 'user.status',
      entityType: 'user',
      entityId: suspended.id,
      summary: `Suspended ${name(suspended)}`,
      before: { status: 'ACTIVE' },
      after: { status: 'SUSPENDED' },
    },
    team &&
      coach && {
        actorId: admin?.id ?? null,
        action: 'team.coach-add',
        entityType: 'team',
        entityId: team.id,
        summary: `Made ${name(coach)} head coach of ${team.name}`,
        after: { coachUserId: coach.id, role: 'HEAD' },
      },
  ].filter((e) => Boolean(e)) as Parameters<typeof recordAudit>[1][];
  for (const entry of entries) await recordAudit(db, { ...entry, organizationId });
  // Spread them over the last three days, the newest first in the log.
  await db.execute(sql`
    update ${auditLog} set created_at = now() - make_interval(hours => (row_number * 17)::int)
    from (select id, row_number() over (order by id desc) as row_number from ${auditLog}
          where organization_id = ${organizationId}) ranked
    where ${auditLog}.id = ranked.id`);
}
