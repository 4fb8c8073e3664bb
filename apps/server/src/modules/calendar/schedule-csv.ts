/**
 * The season schedule as CSV: export of listed occurrences, and import with the roster import's
 * rules (every row checked first; any bad row → nothing imported). Import posts one summary
 * message per team instead of one per event.
 */
import {
  CALENDAR_CSV_COLUMNS,
  CALENDAR_LIMITS,
  type CalendarImportResult,
  type CalendarOccurrence,
  EVENT_STATUSES,
  EVENT_TYPES,
  eventInputSchema,
  HOME_AWAY,
  parseCsv,
  toCsvLine,
  toWallString,
} from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calendarEvents, teams } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { type Announcement, announceToTeam, calendarChanged } from './announce.ts';
import { eventLabel, toInstants } from './service.ts';

/** CSV text of occurrences, in the import's columns (so an export can be edited and re-imported). */
export function occurrencesToCsv(occurrences: CalendarOccurrence[]): string {
  const lines = [toCsvLine([...CALENDAR_CSV_COLUMNS])];
  for (const o of occurrences) {
    const lastDay = o.allDay
      ? new Date(Date.parse(`${o.localEnd.slice(0, 10)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
      : o.localEnd.slice(0, 10);
    lines.push(
      toCsvLine([
        o.localStart.slice(0, 10),
        o.allDay ? '' : o.localStart.slice(11, 16),
        o.allDay ? '' : o.localEnd.slice(11, 16),
        o.allDay ? (lastDay === o.localStart.slice(0, 10) ? 'yes' : lastDay) : '',
        o.type,
        o.title,
        o.team?.name ?? '',
        o.opponent,
        o.homeAway,
        o.location,
        o.facility,
        o.transportation,
        o.notes,
        o.status,
      ]),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const yes = (v: string) => ['yes', 'y', 'true', '1', 'x'].includes(v.trim().toLowerCase());

export async function importSchedule(
  app: FastifyInstance,
  actor: AppUser,
  organizationId: number,
  timeZone: string,
  csv: string,
  dryRun: boolean,
): Promise<CalendarImportResult> {
  const { db } = app.database;
  const [header, ...lines] = parseCsv(csv);
  if (!header) throw badRequest('The file is empty');
  const columns = header.map((h) => h.trim());
  const missing = ['date', 'type', 'title'].filter((c) => !columns.includes(c));
  if (missing.length) {
    throw badRequest(`Missing column(s): ${missing.join(', ')}. Expected: ${CALENDAR_CSV_COLUMNS.join(', ')}`);
  }
  if (lines.length === 0) throw badRequest('The file has a header but no rows');
  if (lines.length > CALENDAR_LIMITS.maxImportRows) {
    throw badRequest(`At most ${CALENDAR_LIMITS.maxImportRows} rows per import`);
  }
  const teamRows = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.organizationId, organizationId));
  const teamByName = new Map(teamRows.map((t) => [t.name.trim().toLowerCase(), t.id]));

  const parsed = lines.map((cells, i) => {
    const cell = (name: string) => (cells[columns.indexOf(name)] ?? '').trim();
    const errors: string[] = [];
    const date = cell('date');
    const type = cell('type').toUpperCase();
    const teamName = cell('team');
    const allDayCell = cell('allDay');
    const allDay = allDayCell !== '' && (yes(allDayCell) || /^\d{4}-\d{2}-\d{2}$/.test(allDayCell));
    const startTime = cell('startTime');
    const endTime = cell('endTime');
    if (!EVENT_TYPES.includes(type as never)) errors.push(`type must be one of ${EVENT_TYPES.join(', ')}`);
    const homeAway = cell('homeAway').toUpperCase();
    if (homeAway && !HOME_AWAY.includes(homeAway as never))
      errors.push(`homeAway must be one of ${HOME_AWAY.join(', ')}`);
    const status = cell('status').toUpperCase() || 'SCHEDULED';
    if (!EVENT_STATUSES.includes(status as never)) errors.push(`status must be one of ${EVENT_STATUSES.join(', ')}`);
    const teamId = teamName ? teamByName.get(teamName.toLowerCase()) : null;
    if (teamName && !teamId) errors.push(`team "${teamName}" does not exist`);
    if (!allDay && !TIME.test(startTime)) errors.push('startTime must be HH:mm (24-hour), or set allDay');
    if (!allDay && endTime && !TIME.test(endTime)) errors.push('endTime must be HH:mm (24-hour)');
    const pad = (t: string) => t.padStart(5, '0');
    // No end time: a two-hour slot.
    const end = allDay
      ? /^\d{4}-\d{2}-\d{2}$/.test(allDayCell)
        ? allDayCell
        : date
      : `${date}T${endTime ? pad(endTime) : `${String(Math.min(23, Number(startTime.split(':')[0] ?? 0) + 2)).padStart(2, '0')}:${(startTime.split(':')[1] ?? '00').padStart(2, '0')}`}`;
    const input = {
      type: errors.some((e) => e.startsWith('type')) ? 'OTHER' : type,
      title: cell('title'),
      teamId: teamId ?? null,
      opponent: cell('opponent') || null,
      homeAway: homeAway && HOME_AWAY.includes(homeAway as never) ? homeAway : null,
      allDay,
      start: allDay ? date : `${date}T${TIME.test(startTime) ? pad(startTime) : '00:00'}`,
      end,
      location: cell('location') || null,
      facility: cell('facility') || null,
      transportation: cell('transportation') || null,
      notes: cell('notes') || null,
      status: EVENT_STATUSES.includes(status as never) ? status : 'SCHEDULED',
    };
    const check = eventInputSchema.safeParse(input);
    if (!check.success) {
      for (const issue of check.error.issues) {
        if (!errors.some((e) => e === issue.message)) errors.push(issue.message);
      }
    }
    let times: { startsAt: Date; endsAt: Date } | null = null;
    if (check.success && errors.length === 0) {
      times = toInstants(check.data.allDay, check.data.start, check.data.end, timeZone);
      if (times.endsAt.getTime() - times.startsAt.getTime() > CALENDAR_LIMITS.maxEventDays * 86_400_000) {
        errors.push(`an event lasts at most ${CALENDAR_LIMITS.maxEventDays} days`);
      }
    }
    return {
      result: { row: i + 2, title: cell('title'), date, team: teamName, errors },
      value: check.success && times ? { ...check.data, ...times } : null,
    };
  });

  const rows = parsed.map((p) => p.result);
  const validRows = rows.filter((r) => r.errors.length === 0).length;
  const result: CalendarImportResult = { dryRun, totalRows: rows.length, validRows, rows, created: 0 };
  if (dryRun || validRows !== rows.length) return result;

  const announcements = await db.transaction(async (tx) => {
    const perTeam = new Map<number, number>();
    for (const { value } of parsed) {
      if (!value) continue;
      const [row] = await tx
        .insert(calendarEvents)
        .values({
          organizationId,
          teamId: value.teamId,
          type: value.type,
          title: value.title,
          opponent: value.opponent,
          homeAway: value.homeAway,
          allDay: value.allDay,
          startsAt: value.startsAt,
          endsAt: value.endsAt,
          location: value.location,
          facility: value.facility,
          transportation: value.transportation,
          notes: value.notes,
          status: value.status,
          createdById: actor.id,
        })
        .returning();
      if (!row) throw new Error('event insert returned nothing');
      await recordAudit(tx, {
        organizationId,
        actorId: actor.id,
        action: 'event.create',
        entityType: 'event',
        entityId: row.id,
        summary: `Imported “${eventLabel(row)}”`,
        after: { title: row.title, start: toWallString(row.startsAt, timeZone), teamId: row.teamId, type: row.type },
      });
      result.created++;
      if (row.teamId) perTeam.set(row.teamId, (perTeam.get(row.teamId) ?? 0) + 1);
    }
    const out: Announcement[] = [];
    for (const [teamId, n] of perTeam) {
      out.push(
        await announceToTeam(tx, {
          organizationId,
          teamId,
          title: 'Schedule updated',
          content: `${n} event${n === 1 ? '' : 's'} added to the team’s schedule. Check the calendar for dates and times.`,
          actionUrl: '/calendar',
        }),
      );
    }
    return out;
  });
  for (const a of announcements) a.emit(app.io);
  calendarChanged(app.io, organizationId);
  return result;
}
