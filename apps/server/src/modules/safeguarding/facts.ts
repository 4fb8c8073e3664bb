/**
 * Loads what the policy needs about a set of rooms in a fixed number of queries, however many
 * rooms: the rooms (locked, in id order, so concurrent reconciles and sends never deadlock),
 * their members, team rosters and coaches, the people, guardian links, contacts and directors.
 */
import type { MemberReason } from '@fieldhouse/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  chatRoomMembers,
  chatRooms,
  coaches,
  guardianLinks,
  organizations,
  safeguardingContacts,
  teamCoaches,
  teamMembers,
  users,
} from '../../db/schema/index.ts';
import { inTurn } from '../../db/transaction.ts';
import { groupBy } from '../../group-by.ts';
import type { Person, RoomFacts } from './plan.ts';

export type LoadedRoom = RoomFacts & { hold: string | null; organizationName: string; lastMessageAt: Date | null };

/** The columns the policy reads about a person. */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  status: users.status,
  dateOfBirth: users.dateOfBirth,
  organizationId: users.organizationId,
};

/** A room's own columns the policy reads. */
export const roomColumns = {
  id: chatRooms.id,
  kind: chatRooms.kind,
  organizationId: chatRooms.organizationId,
  directKey: chatRooms.directKey,
  teamId: chatRooms.teamId,
  purpose: chatRooms.purpose,
  hold: chatRooms.safeguardingHold,
  lastMessageAt: chatRooms.lastMessageAt,
};
export type RoomRow = {
  id: number;
  kind: RoomFacts['kind'];
  organizationId: number;
  directKey: string | null;
  teamId: number | null;
  purpose: string | null;
  hold: string | null;
  lastMessageAt: Date | null;
};

export async function loadRoomFacts(tx: Db, roomIds: number[]): Promise<LoadedRoom[]> {
  const ids = [...new Set(roomIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const rooms = await tx
    .select(roomColumns)
    .from(chatRooms)
    .where(inArray(chatRooms.id, ids))
    .orderBy(asc(chatRooms.id))
    .for('update');
  return factsOf(tx, rooms);
}

/**
 * The facts about these rooms, read without locking them: real rooms, or a team's room as it
 * would be before it is made (a broadcast's preview: any id no room has, no members). `alsoPeople`
 * are loaded too, for a caller that adds them as members before planning.
 */
export async function factsOf(tx: Db, rooms: RoomRow[], alsoPeople: number[] = []): Promise<LoadedRoom[]> {
  if (rooms.length === 0) return [];
  const ids = rooms.map((r) => r.id);
  const teamIds = [...new Set(rooms.flatMap((r) => (r.kind === 'TEAM' && r.teamId ? [r.teamId] : [])))];
  const orgIds = [...new Set(rooms.map((r) => r.organizationId))];
  const [members, roster, coachRows, contactRows, directorRows, orgRows] = await inTurn([
    tx
      .select({ roomId: chatRoomMembers.roomId, userId: chatRoomMembers.userId, reason: chatRoomMembers.reason })
      .from(chatRoomMembers)
      .where(inArray(chatRoomMembers.roomId, ids)),
    teamIds.length
      ? tx
          .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
          .from(teamMembers)
          .where(inArray(teamMembers.teamId, teamIds))
      : Promise.resolve([]),
    teamIds.length
      ? tx
          .select({ teamId: teamCoaches.teamId, userId: coaches.userId })
          .from(teamCoaches)
          .innerJoin(coaches, eq(coaches.id, teamCoaches.coachId))
          .where(inArray(teamCoaches.teamId, teamIds))
      : Promise.resolve([]),
    tx
      .select({ organizationId: safeguardingContacts.organizationId, userId: safeguardingContacts.userId })
      .from(safeguardingContacts)
      .where(inArray(safeguardingContacts.organizationId, orgIds))
      .orderBy(asc(safeguardingContacts.createdAt), asc(safeguardingContacts.userId)),
    tx
      .select({ organizationId: users.organizationId, userId: users.id })
      .from(users)
      .where(
        and(inArray(users.organizationId, orgIds), eq(users.role, 'ATHLETIC_DIRECTOR'), eq(users.status, 'ACTIVE')),
      )
      .orderBy(asc(users.id)),
    tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(inArray(organizations.id, orgIds)),
  ]);

  const pairIds = rooms.flatMap((r) => (r.directKey ? r.directKey.split(':').map(Number) : []));
  const firstIds = new Set([
    ...members.map((m) => m.userId),
    ...roster.map((r) => r.userId),
    ...coachRows.map((c) => c.userId),
    ...contactRows.map((c) => c.userId),
    ...directorRows.map((d) => d.userId),
    ...pairIds,
    ...alsoPeople,
  ]);
  const firstPeople = firstIds.size
    ? await tx
        .select(personColumns)
        .from(users)
        .where(inArray(users.id, [...firstIds]))
    : [];
  const athleteIds = firstPeople.filter((p) => p.role === 'ATHLETE').map((p) => p.id);
  const links = athleteIds.length
    ? await tx
        .select({ athleteId: guardianLinks.athleteId, guardianId: guardianLinks.guardianId })
        .from(guardianLinks)
        .where(inArray(guardianLinks.athleteId, athleteIds))
    : [];
  const missing = [...new Set(links.map((l) => l.guardianId))].filter((id) => !firstIds.has(id));
  const guardianPeople = missing.length
    ? await tx.select(personColumns).from(users).where(inArray(users.id, missing))
    : [];
  const people = new Map<number, Person>([...firstPeople, ...guardianPeople].map((p) => [p.id, p]));
  const guardians = new Map<number, number[]>();
  for (const link of links) guardians.set(link.athleteId, [...(guardians.get(link.athleteId) ?? []), link.guardianId]);

  const membersByRoom = groupBy(members, (m) => m.roomId);
  const rosterByTeam = groupBy(roster, (r) => r.teamId);
  const coachesByTeam = groupBy(coachRows, (c) => c.teamId);
  const contactsByOrg = groupBy(contactRows, (c) => c.organizationId);
  const directorsByOrg = groupBy(directorRows, (d) => d.organizationId);
  return rooms.map((room) => ({
    id: room.id,
    kind: room.kind,
    organizationId: room.organizationId,
    organizationName: orgRows.find((o) => o.id === room.organizationId)?.name ?? 'the school',
    directKey: room.directKey,
    purpose: room.purpose,
    hold: room.hold,
    lastMessageAt: room.lastMessageAt,
    members: (membersByRoom.get(room.id) ?? []).map((m) => ({ userId: m.userId, reason: m.reason as MemberReason })),
    roster: room.teamId ? (rosterByTeam.get(room.teamId) ?? []).map((r) => r.userId) : [],
    coaches: room.teamId ? (coachesByTeam.get(room.teamId) ?? []).map((c) => c.userId) : [],
    people,
    guardians,
    contacts: (contactsByOrg.get(room.organizationId) ?? []).map((c) => c.userId),
    directors: (directorsByOrg.get(room.organizationId) ?? []).map((d) => d.userId),
  }));
}
