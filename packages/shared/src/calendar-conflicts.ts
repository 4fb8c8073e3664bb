/**
 * How a conflict reads, on the event form and in the schedule import's preview:
 * "Conflicts with Varsity Basketball practice, Tue Dec 1, 5:30–7:00 PM in Main Gym".
 * Pure (wall strings in the school's clock), so server and web word it the same.
 */
import type { CalendarOccurrence, ConflictReason } from './calendar.ts';

/** What a conflict names: an existing occurrence, or another row of the same import. */
export type ConflictSubject = Pick<
  CalendarOccurrence,
  'type' | 'title' | 'opponent' | 'homeAway' | 'allDay' | 'localStart' | 'localEnd' | 'facility'
> & { team: { name: string } | null };

const TYPE_WORDS: Record<CalendarOccurrence['type'], string> = {
  GAME: 'game',
  PRACTICE: 'practice',
  MEETING: 'meeting',
  TOURNAMENT: 'tournament',
  OTHER: '',
};

const wallDay = (wall: string) =>
  new Date(`${wall.slice(0, 10)}T12:00:00Z`)
    .toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
    .replace(',', '');

function clock(wall: string) {
  const [h = 0, m = 0] = wall.slice(11, 16).split(':').map(Number);
  return { text: `${h % 12 || 12}:${String(m).padStart(2, '0')}`, half: h < 12 ? 'AM' : 'PM' };
}

/** "Varsity Basketball practice", "Varsity Basketball vs Central High", "Booster meeting". */
export function conflictWhat(s: ConflictSubject) {
  if (s.type === 'GAME' && s.opponent) {
    return s.title.toLowerCase().includes(s.opponent.toLowerCase())
      ? s.title
      : `${s.title} ${s.homeAway === 'AWAY' ? 'at' : 'vs'} ${s.opponent}`;
  }
  const word = TYPE_WORDS[s.type];
  return word && !s.title.toLowerCase().includes(word) ? `${s.title} ${word}` : s.title;
}

/** "Tue Dec 1, 5:30–7:00 PM", "Tue Dec 1, 11:00 AM–1:00 PM", "Tue Dec 1, all day". */
export function conflictWhen(s: Pick<ConflictSubject, 'allDay' | 'localStart' | 'localEnd'>) {
  const day = wallDay(s.localStart);
  if (s.allDay) return `${day}, all day`;
  const a = clock(s.localStart);
  const b = clock(s.localEnd);
  const endDay = s.localEnd.slice(0, 10) === s.localStart.slice(0, 10) ? '' : `${wallDay(s.localEnd)} `;
  return a.half === b.half && !endDay
    ? `${day}, ${a.text}–${b.text} ${b.half}`
    : `${day}, ${a.text} ${a.half}–${endDay}${b.text} ${b.half}`;
}

/** One conflict in a sentence; `prefix` names another import row ("row 5: "). */
export function conflictSentence(reason: ConflictReason, s: ConflictSubject, prefix = '') {
  const where =
    reason === 'FACILITY' && s.facility ? ` in ${s.facility}` : ` (same team${s.team ? `, ${s.team.name}` : ''})`;
  return `Conflicts with ${prefix}${conflictWhat(s)}, ${conflictWhen(s)}${where}`;
}
