/**
 * The safeguarding policy as a pure function (decision 018): from the facts about one room,
 * who must be in it and why, and whether people's messages must be held. The rule, after
 * SafeSport's MAAPP (communication with a minor athlete is open and observable):
 *
 * - A room holding a minor athlete (no date of birth counts as a minor) and an adult who is not
 *   that minor's own guardian holds the minor's guardians.
 * - Where no guardian of a minor can see it (none linked, or none ACTIVE), every adult taking
 *   part must be seen by a member of staff other than themselves: the school's safeguarding
 *   contacts join, else its athletic directors; if even they cannot, the room is held.
 *
 * Membership is a function of the facts: guardians, contacts and directors no longer needed
 * leave, so reconciling twice changes nothing.
 */

import type { UserStatus } from '@fieldhouse/shared';
import { isAdminRole, isMinorAthlete, isStaffRole, type MemberReason, type Role } from '@fieldhouse/shared';

export type Person = {
  id: number;
  firstName: string;
  lastName: string | null;
  role: Role | null;
  status: UserStatus;
  dateOfBirth: string | null;
  organizationId: number | null;
};

export type RoomFacts = {
  id: number;
  kind: 'DIRECT' | 'TEAM' | 'GROUP';
  organizationId: number;
  directKey: string | null;
  /** A room the product keeps for a purpose: 'COACHES', the school's coaches' room (decision 029). */
  purpose?: string | null;
  members: { userId: number; reason: MemberReason }[];
  /** TEAM rooms: the roster's athletes and the team's coaches. */
  roster: number[];
  coaches: number[];
  /** Everyone named anywhere in these facts. */
  people: Map<number, Person>;
  /** Athlete id → linked guardian ids. */
  guardians: Map<number, number[]>;
  /** The organization's named contacts, then its athletic directors (the fallback). */
  contacts: number[];
  directors: number[];
};

export type RoomPlan = {
  members: Map<number, MemberReason>;
  /** Minors no guardian can see this room for, when that made a second adult necessary. */
  unguarded: number[];
  /** Set when no second adult can join: people's messages are refused until one can. */
  held: boolean;
};

/**
 * Whether a group's participant stays one: the coaches' room is the staff's thread, so someone
 * who is no longer a coach or an administrator (a coach who became a parent) leaves it.
 */
const staysIn = (facts: RoomFacts, p: Person | undefined) =>
  facts.purpose !== 'COACHES' || (p !== undefined && (p.role === 'COACH' || isAdminRole(p.role)));

/** Lower wins when one person is here for two reasons (a parent in a direct room with their child). */
const PRECEDENCE: Record<MemberReason, number> = { PARTICIPANT: 0, OVERSIGHT: 1, GUARDIAN: 2, SAFEGUARDING: 3 };

export function planRoom(facts: RoomFacts, now = new Date()): RoomPlan {
  const want = new Map<number, MemberReason>();
  const add = (id: number, reason: MemberReason) => {
    const current = want.get(id);
    if (current === undefined || PRECEDENCE[reason] < PRECEDENCE[current]) want.set(id, reason);
  };
  const person = (id: number) => facts.people.get(id);
  const present = (id: number) => {
    const p = person(id);
    return p !== undefined && p.status !== 'DELETED';
  };
  const active = (id: number) => person(id)?.status === 'ACTIVE';
  const minor = (id: number) => {
    const p = person(id);
    return p !== undefined && isMinorAthlete(p, now);
  };

  // Who takes part: the pair, the team, or (a group) whoever was made a participant.
  if (facts.kind === 'DIRECT') for (const id of (facts.directKey ?? '').split(':').map(Number)) add(id, 'PARTICIPANT');
  else if (facts.kind === 'TEAM') for (const id of [...facts.roster, ...facts.coaches]) add(id, 'PARTICIPANT');
  else
    for (const m of facts.members)
      if (m.reason === 'PARTICIPANT' && staysIn(facts, person(m.userId))) add(m.userId, 'PARTICIPANT');

  // Administrators who opened a team or group room stay while they administer its organization.
  if (facts.kind !== 'DIRECT') {
    for (const m of facts.members) {
      const p = person(m.userId);
      if (m.reason !== 'OVERSIGHT' || !p || p.status === 'DELETED' || !isAdminRole(p.role)) continue;
      if (p.role === 'SUPER_ADMIN' || p.organizationId === facts.organizationId) add(m.userId, 'OVERSIGHT');
    }
  }

  const conversing = [...want.keys()].filter((id) => present(id) && !minor(id));
  const unguarded: number[] = [];
  for (const id of [...want.keys()].filter((m) => present(m) && minor(m))) {
    // Only a PARENT counts as a guardian, whatever links a role change may have left.
    const guardians = (facts.guardians.get(id) ?? []).filter((g) => present(g) && person(g)?.role === 'PARENT');
    // A parent writing to their own child needs nobody else; anyone else brings the guardians in.
    if (!conversing.some((adult) => !guardians.includes(adult))) continue;
    for (const guardian of guardians) add(guardian, 'GUARDIAN');
    if (!guardians.some(active)) unguarded.push(id);
  }

  let held = false;
  if (unguarded.length > 0) {
    const talking = conversing.filter(active);
    const staff = () => [...want.keys()].filter((id) => active(id) && !minor(id) && isStaffRole(person(id)?.role));
    // Every adult taking part is seen by a member of staff other than themselves.
    const observed = () => {
      const seeing = staff();
      return talking.every((adult) => seeing.some((s) => s !== adult));
    };
    for (const pool of [facts.contacts, facts.directors]) {
      if (observed()) break;
      for (const id of pool) if (active(id) && !minor(id) && isStaffRole(person(id)?.role)) add(id, 'SAFEGUARDING');
    }
    held = !observed();
  }
  return { members: want, unguarded, held };
}

/**
 * Case 5 of issue #15: a person a date of birth says is under 18 is never staff. Nor is an athlete
 * (`was`) without one: planRoom counts them a minor, so they need an adult date of birth first.
 */
export function staffAgeProblem(
  role: Role | null,
  dateOfBirth: string | null | undefined,
  { was = null, now = new Date() }: { was?: Role | null; now?: Date } = {},
) {
  if (!isStaffRole(role)) return null;
  if (!dateOfBirth) {
    return was === 'ATHLETE'
      ? `An athlete without a date of birth counts as under 18 and cannot be given a staff role (${role}): give their date of birth too`
      : null;
  }
  return isMinorAthlete({ role: 'ATHLETE', dateOfBirth }, now)
    ? `A person under 18 cannot be given a staff role (${role}): staff are the adults safeguarding relies on`
    : null;
}
