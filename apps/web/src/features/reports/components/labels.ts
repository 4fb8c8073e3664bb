import type { ReportGroup, ReportName } from '@fieldhouse/shared';

// Words for codes are shared with the CSV export: packages/shared/src/report-labels.ts.

/** Chart axis labels: short enough that none is dropped on a printed page. */
export const ROLE_SHORT_LABELS: Record<string, string> = {
  SUPER_ADMIN: 'Super Admin',
  ATHLETIC_DIRECTOR: 'Director',
  ATHLETIC_ADMINISTRATOR: 'Administrator',
  ASSISTANT_ATHLETIC_DIRECTOR: 'Assistant AD',
  COACH: 'Coach',
  ATHLETE: 'Athlete',
  PARENT: 'Guardian',
  NONE: 'No role',
};
export const STATUS_COLORS: Record<string, string> = {
  ACTIVE: 'teal.6',
  INACTIVE: 'gray.5',
  SUSPENDED: 'orange.6',
  DELETED: 'red.7',
};
export const SEASON_COLORS: Record<string, string> = {
  FALL: 'orange.6',
  WINTER: 'navy.5',
  SPRING: 'teal.6',
  SUMMER: 'yellow.6',
};
export const GROUP_COLORS: Record<ReportGroup | 'STAFF', string> = {
  COACHES: 'teal.6',
  ATHLETES: 'orange.6',
  GUARDIANS: 'grape.6',
  STAFF: 'navy.5',
};
export const EVENT_TYPE_COLORS: Record<string, string> = {
  GAME: 'navy.5',
  PRACTICE: 'teal.6',
  MEETING: 'grape.6',
  TOURNAMENT: 'orange.6',
  OTHER: 'gray.5',
};

export const REPORTS: Record<ReportName, { title: string; description: string }> = {
  roster: { title: 'Roster by team', description: 'Athletes on each team with their guardians and contact details.' },
  users: { title: 'Users by role and status', description: 'How many people hold each role, by account status.' },
  participation: {
    title: 'Teams and participation',
    description: 'Teams with their athletes and coaches, by sport and season.',
  },
  messaging: {
    title: 'Messaging activity',
    description: 'Messages per day by group and how fast staff reply to coaches, athletes and guardians.',
  },
  unanswered: {
    title: 'Unanswered conversations',
    description: 'Direct conversations waiting for a staff reply, oldest first.',
  },
  events: { title: 'Events by month', description: 'Calendar events by type and status per month.' },
  availability: {
    title: 'Availability',
    description: 'Who is coming to each team event: going, maybe, not going and no reply.',
  },
};
export const GENDER_COLORS: Record<string, string> = {
  BOYS: 'navy.5',
  GIRLS: 'grape.6',
  COED: 'teal.6',
};
