/**
 * Who has acknowledged a message and who is missing (decision 027): the people asked who are
 * still in the room, missing first (by name), then those who did (earliest first), each with a
 * note saying why they were asked ("Guardian of Zoë Núñez").
 */
import type { AckPerson, AckTracking, AskedAs } from '@fieldhouse/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type AckRequestRow,
  ackRecipients,
  chatRoomMembers,
  guardianLinks,
  teams,
  users,
} from '../../db/schema/index.ts';
import { listNames, personName } from '../safeguarding/notes.ts';
import { nudgeTimes } from './service.ts';

const NOTES: Record<Exclude<AskedAs, 'GUARDIAN'>, string> = { ATHLETE: 'Athlete', COACH: 'Coach' };

export async function ackTracking(db: Db, request: AckRequestRow): Promise<AckTracking> {
  const [rows, team] = await Promise.all([
    db
      .select({
        id: users.id,
        uuid: users.uuid,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        status: users.status,
        userImage: users.userImage,
        askedAs: ackRecipients.askedAs,
        acknowledgedAt: ackRecipients.acknowledgedAt,
      })
      .from(ackRecipients)
      .innerJoin(users, eq(users.id, ackRecipients.userId))
      .innerJoin(
        chatRoomMembers,
        and(eq(chatRoomMembers.roomId, request.roomId), eq(chatRoomMembers.userId, ackRecipients.userId)),
      )
      .where(eq(ackRecipients.messageId, request.messageId))
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id)),
    request.teamId
      ? db
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .where(eq(teams.id, request.teamId))
          .then((r) => r[0] ?? null)
      : Promise.resolve(null),
  ]);
  const guardianIds = rows.filter((r) => r.askedAs === 'GUARDIAN').map((r) => r.id);
  // A guardian's wards: their children who are in the room (the team's athletes).
  const wards = guardianIds.length
    ? await db
        .select({ guardianId: guardianLinks.guardianId, firstName: users.firstName, lastName: users.lastName })
        .from(guardianLinks)
        .innerJoin(users, eq(users.id, guardianLinks.athleteId))
        .innerJoin(
          chatRoomMembers,
          and(
            eq(chatRoomMembers.roomId, request.roomId),
            eq(chatRoomMembers.userId, guardianLinks.athleteId),
            eq(chatRoomMembers.reason, 'PARTICIPANT'),
          ),
        )
        .where(inArray(guardianLinks.guardianId, guardianIds))
        .orderBy(asc(users.firstName), asc(users.id))
    : [];
  const note = (id: number, askedAs: AskedAs) => {
    if (askedAs !== 'GUARDIAN') return NOTES[askedAs];
    const names = wards.filter((w) => w.guardianId === id).map(personName);
    return names.length ? `Guardian of ${listNames(names)}` : 'Guardian';
  };
  const people: AckPerson[] = rows.map((r) => ({
    id: r.id,
    uuid: r.uuid,
    firstName: r.firstName,
    lastName: r.lastName,
    role: r.role,
    status: r.status,
    userImage: r.userImage,
    askedAs: r.askedAs,
    note: note(r.id, r.askedAs),
    acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null,
  }));
  const missing = people.filter((p) => p.acknowledgedAt === null);
  const done = people
    .filter((p) => p.acknowledgedAt !== null)
    .sort((a, b) => (a.acknowledgedAt as string).localeCompare(b.acknowledgedAt as string));
  return {
    messageId: request.messageId,
    roomId: request.roomId,
    kind: request.kind,
    team,
    asked: people.length,
    acknowledged: done.length,
    people: [...missing, ...done],
    ...nudgeTimes(request.lastNudgedAt),
  };
}
