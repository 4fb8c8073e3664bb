/**
 * The schedule import's conflict check (decision 010): each valid row against the events already
 * on the calendar and against the file's other rows, by the save rule (same facility, else same
 * team, overlapping time; cancelled rows and events never conflict). Found in one read of the
 * file's whole span, so a 2000-row season costs one query, not one per row.
 */
import { type ConflictSubject, conflictSentence, toWallString } from '@fieldhouse/shared';
import type { Db } from '../../db/client.ts';
import { conflictReason, listOccurrences } from './occurrences.ts';

export type ImportedEvent = Omit<ConflictSubject, 'localStart' | 'localEnd' | 'team'> & {
  teamId: number | null;
  status: string;
  startsAt: Date;
  endsAt: Date;
};
type Planned = { row: number; teamName: string; value: ImportedEvent };

/** Conflict sentences per row number; rows without conflicts are absent. */
export async function importConflicts(
  db: Db,
  organizationId: number,
  timeZone: string,
  rows: Planned[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  const planned = rows.filter((r) => r.value.status !== 'CANCELLED' && (r.value.teamId || r.value.facility));
  if (planned.length === 0) return out;
  const add = (row: number, sentence: string) => {
    const list = out.get(row) ?? [];
    if (list.length < 5 && !list.includes(sentence)) list.push(sentence);
    out.set(row, list);
  };
  const from = new Date(Math.min(...planned.map((p) => p.value.startsAt.getTime())));
  const to = new Date(Math.max(...planned.map((p) => p.value.endsAt.getTime())));
  const existing = await listOccurrences(db, organizationId, timeZone, from, to, {
    status: ['SCHEDULED', 'POSTPONED'],
  });
  const subject = (p: Planned): ConflictSubject => ({
    ...p.value,
    localStart: toWallString(p.value.startsAt, timeZone),
    localEnd: toWallString(p.value.endsAt, timeZone),
    team: p.teamName ? { name: p.teamName } : null,
  });
  for (const [i, p] of planned.entries()) {
    const start = p.value.startsAt.getTime();
    const end = p.value.endsAt.getTime();
    for (const o of existing) {
      if (!(Date.parse(o.start) < end && Date.parse(o.end) > start)) continue;
      const reason = conflictReason(p.value, {
        teamId: o.team?.id ?? null,
        facility: o.facility,
        facilityId: o.facilityId,
      });
      if (reason) add(p.row, conflictSentence(reason, o));
    }
    // Both rows of a clashing pair are listed, each naming the other.
    for (const q of planned.slice(i + 1)) {
      if (!(q.value.startsAt.getTime() < end && q.value.endsAt.getTime() > start)) continue;
      const reason = conflictReason(p.value, q.value);
      if (!reason) continue;
      add(p.row, conflictSentence(reason, subject(q), `row ${q.row}: `));
      add(q.row, conflictSentence(reason, subject(p), `row ${p.row}: `));
    }
  }
  return out;
}
