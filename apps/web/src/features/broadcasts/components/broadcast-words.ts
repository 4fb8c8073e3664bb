/** How broadcasts read on screen: audiences, status, and times in the school's zone. */
import type { AskedAs, BroadcastStatus, BroadcastSummary } from '@fieldhouse/shared';

const AUDIENCE_WORDS: Record<AskedAs, string> = { ATHLETE: 'athletes', GUARDIAN: 'guardians', COACH: 'coaches' };

export const STATUS_LABELS: Record<BroadcastStatus, string> = {
  SCHEDULED: 'Scheduled',
  SENT: 'Sent',
  CANCELED: 'Cancelled',
};
export const STATUS_COLORS: Record<BroadcastStatus, string> = { SCHEDULED: 'blue', SENT: 'green', CANCELED: 'gray' };

export const ASKED_AS_LABELS: Record<AskedAs, string> = { ATHLETE: 'Athlete', GUARDIAN: 'Guardian', COACH: 'Coach' };

/** "Athletes and guardians of Girls Varsity and 3 more teams". */
export function audienceLine(b: Pick<BroadcastSummary, 'audiences' | 'teams' | 'messages' | 'status'>) {
  const who = b.audiences.map((a) => AUDIENCE_WORDS[a]);
  const people = who.length > 1 ? `${who.slice(0, -1).join(', ')} and ${who.at(-1)}` : (who[0] ?? '');
  const head = people.charAt(0).toUpperCase() + people.slice(1);
  if (b.teams.length === 0) return b.audiences.every((a) => a === 'COACH') ? `${head} (coaches’ room)` : head;
  const [first, ...rest] = b.teams;
  return `${head} of ${first?.name}${rest.length ? ` and ${rest.length} more team${rest.length === 1 ? '' : 's'}` : ''}`;
}

/** "Nov 27, 2026, 3:15 PM" in the school's zone. */
export const whenText = (iso: string | null, timeZone: string | undefined) =>
  iso
    ? new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
    : '—';
