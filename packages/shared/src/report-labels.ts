/**
 * The words a report shows for its codes, and its date-time form: one place read by the report
 * screens and by the server's CSV export (decision 011), so a download says "Junior varsity"
 * exactly where the screen does, never `JUNIOR_VARSITY`.
 */
import { EVENT_TYPE_LABELS } from './calendar.ts';
import type { ReportGroup } from './reports.ts';
import { ROLE_LABELS, USER_STATUS_LABELS } from './user.ts';

export const TEAM_LEVEL_LABELS: Record<string, string> = {
  VARSITY: 'Varsity',
  JUNIOR_VARSITY: 'Junior varsity',
  FRESHMAN: 'Freshman',
  MIDDLE_SCHOOL: 'Middle school',
  CLUB: 'Club',
};
export const TEAM_GENDER_LABELS: Record<string, string> = { BOYS: 'Boys', GIRLS: 'Girls', COED: 'Coed' };
export const SEASON_LABELS: Record<string, string> = {
  FALL: 'Fall',
  WINTER: 'Winter',
  SPRING: 'Spring',
  SUMMER: 'Summer',
};
export const EVENT_STATUS_LABELS: Record<string, string> = {
  SCHEDULED: 'Scheduled',
  POSTPONED: 'Postponed',
  CANCELLED: 'Cancelled',
};
export const REPORT_GROUP_LABELS: Record<ReportGroup | 'STAFF', string> = {
  COACHES: 'Coaches',
  ATHLETES: 'Athletes',
  GUARDIANS: 'Guardians',
  STAFF: 'Staff',
};
/** The users report counts people without a role as NONE. */
export const REPORT_ROLE_LABELS: Record<string, string> = { ...ROLE_LABELS, NONE: 'No role' };
export const REPORT_USER_STATUS_LABELS: Record<string, string> = USER_STATUS_LABELS;
export const REPORT_EVENT_TYPE_LABELS: Record<string, string> = EVENT_TYPE_LABELS;
export const TEAM_STATUS_LABELS: Record<string, string> = { ACTIVE: 'Active', ARCHIVED: 'Archived' };

/** The label of a code, or the code itself when a newer code has no label yet (never blank). */
export const labelOf = (labels: Record<string, string>, code: string | null | undefined) =>
  code ? (labels[code] ?? code) : '';

/** "2026-03" as "Mar 2026". */
export const formatReportMonth = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * An instant as the school reads it: "Mar 10, 2026, 8:00 PM" in `timeZone`. Newer ICU puts a
 * narrow no-break space before AM/PM; a plain space keeps CSV cells and tests predictable.
 */
export const formatReportDateTime = (value: string | Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
    .format(new Date(value))
    .replace(/[\u202f\u00a0]/g, ' ');
