/**
 * An open room as its members see it: the team, the people in it, why each is there, and, for
 * a viewer who is there for safeguarding or oversight, a sentence saying so (decision 018).
 */
import { isMinorAthlete, type MemberReason, type RoomDetail } from '@fieldhouse/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chatRoomMembers,
  guardianLinks,
  organizations,
  safeguardingContacts,
  teams,
  users,
} from '../../db/schema/index.ts';
import type { AppUser } from '../auth/authenticate.ts';
import { muteStateOf } from '../message-controls/mute.ts';
import { canPin, pinnedOf } from '../message-controls/pin.ts';
import { listNames, personName } from '../safeguarding/notes.ts';
import type { Room } from './rooms.ts';

export async function roomDetail(db: Db, room: Room, viewer: AppUser): Promise<RoomDetail> {
  const [rows, [team], [organization], contacts] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        userImage: users.userImage,
        dateOfBirth: users.dateOfBirth,
        status: users.status,
        reason: chatRoomMembers.reason,
        mutedAt: chatRoomMembers.mutedAt,
        mutedUntil: chatRoomMembers.mutedUntil,
        lastReadMessageId: chatRoomMembers.lastReadMessageId,
      })
      .from(chatRoomMembers)
      .innerJoin(users, eq(users.id, chatRoomMembers.userId))
      .where(eq(chatRoomMembers.roomId, room.id))
      .orderBy(asc(users.firstName), asc(users.id)),
    room.teamId
      ? db.select({ id: teams.id, name: teams.name }).from(teams).where(eq(teams.id, room.teamId))
      : Promise.resolve([]),
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, room.organizationId)),
    db
      .select({ userId: safeguardingContacts.userId })
      .from(safeguardingContacts)
      .where(eq(safeguardingContacts.organizationId, room.organizationId)),
  ]);
  const minors = rows.filter((m) => isMinorAthlete(m));
  const guardians = rows.filter((m) => m.reason === 'GUARDIAN').map((m) => m.id);
  const links =
    guardians.length && minors.length
      ? await db
          .select({ guardianId: guardianLinks.guardianId, athleteId: guardianLinks.athleteId })
          .from(guardianLinks)
          .where(
            and(
              inArray(guardianLinks.guardianId, guardians),
              inArray(
                guardianLinks.athleteId,
                minors.map((m) => m.id),
              ),
            ),
          )
      : [];
  const wardsOf = (id: number) =>
    links.filter((l) => l.guardianId === id).flatMap((l) => minors.filter((m) => m.id === l.athleteId).map(personName));
  const activeGuardians = new Set(
    rows.filter((m) => m.reason === 'GUARDIAN' && m.status === 'ACTIVE').map((m) => m.id),
  );
  const unguarded = minors
    .filter((m) => !links.some((l) => l.athleteId === m.id && activeGuardians.has(l.guardianId)))
    .map(personName);
  const contactIds = new Set(contacts.map((c) => c.userId));
  const orgName = organization?.name ?? 'the school';

  const note = (id: number, reason: MemberReason) => {
    if (reason === 'GUARDIAN') {
      const wards = wardsOf(id);
      return wards.length ? `Guardian of ${listNames(wards)}` : 'Guardian';
    }
    if (reason === 'SAFEGUARDING')
      return contactIds.has(id) ? 'Safeguarding contact (second adult)' : 'Athletic director (second adult)';
    if (reason === 'OVERSIGHT') return 'Administrator (oversight)';
    return null;
  };
  const viewerRow = rows.find((m) => m.id === viewer.id);
  const viewerReason = viewerRow?.reason as MemberReason | undefined;
  let viewerNote: string | null = null;
  if (viewerReason === 'GUARDIAN') {
    const wards = wardsOf(viewer.id);
    viewerNote =
      `You are in this conversation as ${wards.length ? `${listNames(wards)}’s guardian` : 'a guardian'} for ` +
      'safeguarding: conversations between adults and athletes under 18 include their guardians, so you see every message.';
  } else if (viewerReason === 'SAFEGUARDING') {
    viewerNote =
      `You are in this conversation as ${orgName}’s second adult for safeguarding` +
      `${unguarded.length ? `: ${listNames(unguarded)} ${unguarded.length === 1 ? 'has' : 'have'} no guardian who can see it` : ''}, ` +
      'so a member of staff keeps it open and observable.';
  } else if (viewerReason === 'OVERSIGHT') {
    viewerNote = 'You opened this room as an administrator of the school (oversight).';
  }
  return {
    id: room.id,
    uuid: room.uuid,
    kind: room.kind,
    name: room.name,
    team: team ?? null,
    directUserIds: room.directKey ? room.directKey.split(':').map(Number) : null,
    members: rows.map(
      ({
        dateOfBirth: _dateOfBirth,
        status: _status,
        mutedAt: _at,
        mutedUntil: _until,
        lastReadMessageId: _read,
        ...m
      }) => ({
        ...m,
        reason: m.reason as MemberReason,
        note: note(m.id, m.reason as MemberReason),
      }),
    ),
    safeguarding: { hold: room.safeguardingHold, viewerNote },
    ...(viewerRow ? { viewerMute: muteStateOf(viewerRow) } : {}),
    pinned: room.kind === 'TEAM' ? await pinnedOf(db, room) : null,
    viewerCanPin: await canPin(db, viewer, room),
    // Read receipts (decision 023): participants only; the viewer's own position is no receipt.
    reads: rows
      .filter((m) => m.reason === 'PARTICIPANT' && m.id !== viewer.id)
      .map((m) => ({ userId: m.id, lastReadMessageId: m.lastReadMessageId })),
  };
}
