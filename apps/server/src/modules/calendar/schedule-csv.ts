/**
 * The season schedule as CSV: export of listed occurrences, and import with the roster import's
 * rules. Rows arrive mapped to our fields (the web's mapping step, or CSV headers that
 * `matchColumns` understands); dates and times as people type them. Every error of every row is
 * reported at once. The CSV endpoint is all or nothing; the rows endpoint writes the valid rows.
 * Import posts one summary message per team instead of one per event. Conflicts are listed per
 * row (import-conflicts.ts); the director imports those rows anyway or skips them.
 */
import {
  CALENDAR_CSV_COLUMNS,
  CALENDAR_IMPORT_FIELDS,
  CALENDAR_LIMITS,
  type CalendarImportResult,
  type CalendarOccurrence,
  type CalendarRowValues,
  EVENT_TYPE_LABELS,
  type EventType,
  eventInputSchema,
  type HomeAway,
  type ImportConflictChoice,
  parseFlexibleDate,
  parseFlexibleTime,
  quoted,
  toCsvLine,
  toWallString,
} from '@fieldhouse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { calendarEvents, organizations, teams } from '../../db/schema/index.ts';
import { mappedCsvRows } from '../../http/mapped-csv.ts';
import { recordAudit } from '../audit/record.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { resolveEventFacility } from '../facilities/service.ts';
import { type Announcement, announceToTeam } from './announce.ts';
import { calendarChange, finish } from './change.ts';
import { eventLabel } from './change-notices.ts';
import { toInstants } from './event-input.ts';
import { importConflicts } from './import-conflicts.ts';

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

const yes = (v: string) => ['yes', 'y', 'true', '1', 'x', 'all day'].includes(v.trim().toLowerCase());

const TYPE_WORDS: Record<string, EventType> = {
  game: 'GAME',
  match: 'GAME',
  meet: 'GAME',
  scrimmage: 'GAME',
  contest: 'GAME',
  practice: 'PRACTICE',
  training: 'PRACTICE',
  meeting: 'MEETING',
  tournament: 'TOURNAMENT',
  tourney: 'TOURNAMENT',
  invitational: 'TOURNAMENT',
  other: 'OTHER',
  event: 'OTHER',
};
const HOME_AWAY_WORDS: Record<string, HomeAway> = {
  home: 'HOME',
  h: 'HOME',
  vs: 'HOME',
  away: 'AWAY',
  a: 'AWAY',
  '@': 'AWAY',
  at: 'AWAY',
  neutral: 'NEUTRAL',
  n: 'NEUTRAL',
};
const STATUS_WORDS: Record<string, 'SCHEDULED' | 'POSTPONED' | 'CANCELLED'> = {
  scheduled: 'SCHEDULED',
  confirmed: 'SCHEDULED',
  postponed: 'POSTPONED',
  cancelled: 'CANCELLED',
  canceled: 'CANCELLED',
};
const TYPE_HINT = 'use Game, Practice, Meeting, Tournament or Other';
/** The event schema's messages as a spreadsheet's author would read them. */
const PLAIN: Record<string, string> = {
  'opponent is required for a game': 'Opponent is missing; a game needs one',
  'end must be after start': 'The end is not after the start',
};

type EventValue = ReturnType<typeof eventInputSchema.parse> & { startsAt: Date; endsAt: Date };
type Planned = { row: number; teamName: string; value: EventValue };
type Checked = { result: Omit<CalendarImportResult['rows'][number], 'conflicts'>; value: EventValue | null };
export type MappedEventRow = { row: number; values: CalendarRowValues };

/** One row's checks, every problem in plain words. */
function checkEventRow(
  values: CalendarRowValues,
  teamByName: Map<string, { id: number; archived: boolean }>,
  schoolName: string,
  timeZone: string,
) {
  const cell = (key: keyof CalendarRowValues) => (values[key] ?? '').trim();
  const errors: string[] = [];
  const dateText = cell('date');
  const date = dateText ? parseFlexibleDate(dateText) : null;
  if (!dateText) errors.push('Date is missing');
  else if (!date) errors.push(`Date ${quoted(dateText)} is not a date; use 9/5/2026 or 2026-09-05`);

  const opponent = cell('opponent');
  const typeText = cell('type');
  let type: EventType | undefined = typeText ? TYPE_WORDS[typeText.toLowerCase()] : opponent ? 'GAME' : undefined;
  if (!typeText && !type) errors.push(`Type is missing; ${TYPE_HINT}`);
  else if (!type) errors.push(`Type ${quoted(typeText)} is not one Fieldhouse knows; ${TYPE_HINT}`);
  type ??= 'OTHER';

  const teamName = cell('team');
  const team = teamName ? teamByName.get(teamName.toLowerCase()) : undefined;
  const teamId = team && !team.archived ? team.id : null;
  if (teamName && !team) {
    errors.push(
      `Team ${quoted(teamName)} does not exist at ${schoolName}; add it on the Teams page or correct the name`,
    );
  } else if (team?.archived) {
    errors.push(`Team ${quoted(teamName)} is archived and takes no new events; choose another team`);
  }
  const homeAwayText = cell('homeAway');
  const homeAway = homeAwayText ? HOME_AWAY_WORDS[homeAwayText.toLowerCase()] : undefined;
  if (homeAwayText && !homeAway) errors.push(`Home or away ${quoted(homeAwayText)} is not Home, Away or Neutral`);
  const statusText = cell('status');
  const status = statusText ? STATUS_WORDS[statusText.toLowerCase()] : 'SCHEDULED';
  if (!status) errors.push(`Status ${quoted(statusText)} is not Scheduled, Postponed or Cancelled`);

  const allDayCell = cell('allDay');
  const lastDay = allDayCell && !yes(allDayCell) ? parseFlexibleDate(allDayCell) : null;
  if (allDayCell && !yes(allDayCell) && !lastDay && !['no', 'n', 'false', '0'].includes(allDayCell.toLowerCase())) {
    errors.push(`All day ${quoted(allDayCell)} should be “yes” or the last day of the event`);
  }
  const allDay = Boolean(allDayCell) && (yes(allDayCell) || Boolean(lastDay));
  const startText = cell('startTime');
  const endText = cell('endTime');
  const start = startText ? parseFlexibleTime(startText) : null;
  const end = endText ? parseFlexibleTime(endText) : null;
  if (!allDay) {
    if (!startText) errors.push('Start time is missing; add one such as 4:00 PM, or mark the event all day');
    else if (!start) errors.push(`Start time ${quoted(startText)} is not a time such as 4:00 PM or 16:00`);
    if (endText && !end) errors.push(`End time ${quoted(endText)} is not a time such as 6:00 PM or 18:00`);
    if (start && end && end <= start) errors.push(`End time ${endText} is not after the start time ${startText}`);
  }
  // No end time: a two-hour slot (ending at 23:59 at the latest).
  const twoHoursLater = (t: string) => {
    const minutes = Math.min(23 * 60 + 59, Number(t.slice(0, 2)) * 60 + Number(t.slice(3)) + 120);
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  };
  const title =
    cell('title') ||
    (type === 'GAME' && opponent
      ? `${homeAway === 'AWAY' ? 'at' : 'vs'} ${opponent}`
      : [teamName, EVENT_TYPE_LABELS[type]].filter(Boolean).join(' '));

  const day = date ?? '2000-01-01';
  const input = {
    type,
    title,
    teamId,
    opponent: opponent || null,
    homeAway: homeAway ?? null,
    allDay,
    start: allDay ? day : `${day}T${start ?? '00:00'}`,
    end: allDay ? (lastDay ?? day) : `${day}T${end ?? twoHoursLater(start ?? '00:00')}`,
    location: cell('location') || null,
    facility: cell('facility') || null,
    transportation: cell('transportation') || null,
    notes: cell('notes') || null,
    status: status ?? 'SCHEDULED',
  };
  const check = eventInputSchema.safeParse(input);
  if (!check.success) {
    for (const issue of check.error.issues) {
      // Format problems are already said above, in words; what is left is length and shape.
      if (/^(start|end) must be/.test(issue.message) && errors.length) continue;
      const message = PLAIN[issue.message] ?? issue.message;
      if (!errors.includes(message)) errors.push(message);
    }
  }
  let value: EventValue | null = null;
  if (check.success && errors.length === 0) {
    const times = toInstants(check.data.allDay, check.data.start, check.data.end, timeZone);
    if (times.endsAt.getTime() - times.startsAt.getTime() > CALENDAR_LIMITS.maxEventDays * 86_400_000) {
      errors.push(`An event lasts at most ${CALENDAR_LIMITS.maxEventDays} days`);
    } else {
      value = { ...check.data, ...times };
    }
  }
  return { result: { title, date: dateText, team: teamName, errors }, value };
}

async function checkScheduleRows(db: Db, organizationId: number, timeZone: string, rows: MappedEventRow[]) {
  const teamRows = await db
    .select({ id: teams.id, name: teams.name, status: teams.status })
    .from(teams)
    .where(eq(teams.organizationId, organizationId));
  const [school] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  // An archived team takes no new events; a live team of the same name wins over it.
  const byStatus = teamRows.sort((a, b) => Number(a.status === 'ACTIVE') - Number(b.status === 'ACTIVE'));
  const teamByName = new Map(
    byStatus.map((t) => [t.name.trim().toLowerCase(), { id: t.id, archived: t.status !== 'ACTIVE' }]),
  );
  return rows.map(({ row, values }): Checked => {
    const { result, value } = checkEventRow(values, teamByName, school?.name ?? 'this school', timeZone);
    return { result: { row, ...result }, value };
  });
}

/**
 * The events in one transaction under the calendar lock, like any other change: an audit entry
 * each, one summary message per team; sockets after the commit. With `skip` the conflicts are
 * found again under the lock: an event booked since the check would otherwise be double-booked.
 */
async function writeScheduleRows(
  app: FastifyInstance,
  actor: AppUser,
  organizationId: number,
  timeZone: string,
  planned: Planned[],
  onConflict: ImportConflictChoice,
) {
  let created = 0;
  // Null: not checked again (`import` writes a conflicting row anyway).
  let conflicts: Map<number, string[]> | null = null;
  if (planned.length === 0) return { created, conflicts };
  await calendarChange({ app, actor, organizationId, timeZone }, async (ctx) => {
    const tx = ctx.db;
    if (onConflict === 'skip') conflicts = await importConflicts(tx, organizationId, timeZone, planned);
    const values = planned.flatMap((p) => (conflicts?.has(p.row) ? [] : [p.value]));
    const perTeam = new Map<number, number>();
    for (const value of values) {
      // A facility column names a record: the school's of that name, or a new one.
      const place = await resolveEventFacility(tx, organizationId, { facility: value.facility });
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
          facilityId: place?.facilityId ?? null,
          facility: place?.facility ?? null,
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
      created++;
      if (row.teamId) perTeam.set(row.teamId, (perTeam.get(row.teamId) ?? 0) + 1);
    }
    const out: Announcement[] = [];
    for (const [teamId, n] of perTeam) {
      out.push(
        await announceToTeam(tx, {
          organizationId,
          teamId,
          actorId: actor.id,
          title: 'Schedule updated',
          content: `${n} event${n === 1 ? '' : 's'} added to the team’s schedule. Check the calendar for dates and times.`,
          actionUrl: '/calendar',
        }),
      );
    }
    finish(ctx, out);
  });
  return { created, conflicts };
}

/**
 * Every row checked, then the valid rows' conflicts (decision 010): the preview. A conflicting row
 * stays valid; with `skip` the write leaves it out and counts it as skipped.
 */
async function checkWithConflicts(db: Db, organizationId: number, timeZone: string, rows: MappedEventRow[]) {
  const checked = await checkScheduleRows(db, organizationId, timeZone, rows);
  const planned = checked.flatMap((c) =>
    c.value ? [{ row: c.result.row, teamName: c.result.team, value: c.value }] : [],
  );
  const conflicts = await importConflicts(db, organizationId, timeZone, planned);
  /** The rows' report; after a write that checked again, with the conflicts it found. */
  const results = (found: Map<number, string[]> | null = null) =>
    checked.map((c) => ({ ...c.result, conflicts: (found ?? conflicts).get(c.result.row) ?? [] }));
  return { results, planned };
}

/** Mapped rows (the web's import): a check reports every error; an import writes the valid rows. */
export async function importScheduleRows(
  app: FastifyInstance,
  actor: AppUser,
  organizationId: number,
  timeZone: string,
  rows: MappedEventRow[],
  dryRun: boolean,
  onConflict: ImportConflictChoice = 'import',
): Promise<CalendarImportResult> {
  const { results, planned } = await checkWithConflicts(app.database.db, organizationId, timeZone, rows);
  const written = dryRun ? null : await writeScheduleRows(app, actor, organizationId, timeZone, planned, onConflict);
  return {
    dryRun,
    totalRows: rows.length,
    validRows: planned.length,
    rows: results(written?.conflicts),
    created: written?.created ?? 0,
    skipped: written ? planned.length - written.created : 0,
  };
}

/** The CSV contract (API clients): headers matched like the mapping step; all rows or none. */
export async function importSchedule(
  app: FastifyInstance,
  actor: AppUser,
  organizationId: number,
  timeZone: string,
  csv: string,
  dryRun: boolean,
  onConflict: ImportConflictChoice = 'import',
): Promise<CalendarImportResult> {
  const rows = mappedCsvRows(
    csv,
    CALENDAR_IMPORT_FIELDS,
    `Expected columns such as ${CALENDAR_CSV_COLUMNS.join(', ')}`,
  );
  const { results, planned } = await checkWithConflicts(app.database.db, organizationId, timeZone, rows);
  const result: CalendarImportResult = {
    dryRun,
    totalRows: rows.length,
    validRows: planned.length,
    rows: results(),
    created: 0,
    skipped: 0,
  };
  if (dryRun || planned.length !== rows.length) return result;
  const written = await writeScheduleRows(app, actor, organizationId, timeZone, planned, onConflict);
  result.rows = results(written.conflicts);
  result.created = written.created;
  result.skipped = planned.length - written.created;
  return result;
}
