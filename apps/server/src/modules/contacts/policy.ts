/**
 * Who may START a direct conversation with whom (decision 026), as a pure function of the two
 * people and how the school's teams tie them together. Who else then reads along is the
 * safeguarding policy's business (decision 018: a minor's guardians, or a second adult); this
 * only decides whether the conversation may begin. A conversation that already exists stays
 * open to its pair: the rule is about reaching out, not about history.
 *
 * - Administrators (the four admin roles) may start with anyone of their school, as before.
 * - A COACH: the athletic staff, the other coaches, the athletes of the teams they coach and
 *   those athletes' guardians.
 * - An ATHLETE (minor or 18+): the athletic staff, the coaches of their own teams, their own
 *   guardians. Not teammates, not other athletes' guardians, not other teams' coaches.
 * - A PARENT: the athletic staff, the coaches of their children's teams, their own children.
 *
 * Only ACTIVE teams tie people together (last season's archived team does not), and members
 * reach only ACTIVE people (a suspended coach is out of the school's channel).
 */
import { type ContactGroup, isAdminRole, type Role, type UserStatus } from '@fieldhouse/shared';

export type Party = { id: number; role: Role | null; status: UserStatus; organizationId: number | null };

export type TeamRef = { id: number; name: string };
export type PersonRef = { id: number; firstName: string; lastName: string | null };

/** How the target is tied to the caller through the school's (active) teams and families. */
export type Tie =
  /** The target coaches a team the caller (an athlete) plays on. */
  | { kind: 'COACHES_ME'; team: TeamRef }
  /** The target coaches a team the caller's child plays on. */
  | { kind: 'COACHES_MY_CHILD'; team: TeamRef; child: PersonRef }
  /** The target plays on a team the caller coaches. */
  | { kind: 'PLAYS_FOR_ME'; team: TeamRef }
  /** The target is a guardian of an athlete on a team the caller coaches. */
  | { kind: 'GUARDIAN_OF_MY_ATHLETE'; team: TeamRef; athlete: PersonRef }
  /** The target is the caller's guardian. */
  | { kind: 'MY_GUARDIAN' }
  /** The target is the caller's child. */
  | { kind: 'MY_CHILD' };

export type ContactRefusal =
  /** Writing to oneself (400). */
  | 'self'
  /** Another school, no school, or a deleted person: not there, as far as the caller knows (404). */
  | 'not_found'
  /** The caller's own account is not active (403). */
  | 'caller_inactive'
  /** Same school, but not someone this caller may reach out to (403 `contact_not_allowed`). */
  | 'not_allowed';

export type ContactDecision =
  | { allowed: true; group: ContactGroup; teams: TeamRef[] }
  | { allowed: false; refusal: ContactRefusal };

const uniqueTeams = (ties: Tie[]) => {
  const byId = new Map<number, TeamRef>();
  for (const tie of ties) if ('team' in tie) byId.set(tie.team.id, tie.team);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
};

/** The group an administrator's contact falls in, by the target's role. */
const groupOfRole = (role: Role | null): ContactGroup => {
  if (role === 'COACH') return 'COACH';
  if (role === 'ATHLETE') return 'ATHLETE';
  if (role === 'PARENT') return 'GUARDIAN';
  return 'STAFF';
};

export function decideContact(caller: Party, target: Party, ties: Tie[]): ContactDecision {
  if (caller.id === target.id) return { allowed: false, refusal: 'self' };
  if (caller.organizationId === null || caller.organizationId !== target.organizationId || target.status === 'DELETED')
    return { allowed: false, refusal: 'not_found' };
  if (caller.status !== 'ACTIVE') return { allowed: false, refusal: 'caller_inactive' };
  const allow = (group: ContactGroup, of: Tie[] = ties): ContactDecision => ({
    allowed: true,
    group,
    teams: uniqueTeams(of),
  });
  // Administrators keep what they had (decision 007): anyone of their school, any status but deleted.
  if (isAdminRole(caller.role)) return allow(groupOfRole(target.role), []);

  const refuse: ContactDecision = { allowed: false, refusal: 'not_allowed' };
  // A person with no role reaches nobody first; members reach only active people.
  if (caller.role === null || target.status !== 'ACTIVE') return refuse;
  if (isAdminRole(target.role)) return allow('STAFF', []);
  const has = (kind: Tie['kind']) => ties.filter((t) => t.kind === kind);

  if (caller.role === 'COACH') {
    // Coaches are colleagues: any coach of the school, with the teams they share if any.
    if (target.role === 'COACH') return allow('COACH', []);
    if (target.role === 'ATHLETE' && has('PLAYS_FOR_ME').length) return allow('ATHLETE', has('PLAYS_FOR_ME'));
    if (target.role === 'PARENT' && has('GUARDIAN_OF_MY_ATHLETE').length)
      return allow('GUARDIAN', has('GUARDIAN_OF_MY_ATHLETE'));
    return refuse;
  }
  if (caller.role === 'ATHLETE') {
    if (target.role === 'COACH' && has('COACHES_ME').length) return allow('COACH', has('COACHES_ME'));
    if (target.role === 'PARENT' && has('MY_GUARDIAN').length) return allow('FAMILY', []);
    return refuse;
  }
  if (caller.role === 'PARENT') {
    if (target.role === 'COACH' && has('COACHES_MY_CHILD').length) return allow('COACH', has('COACHES_MY_CHILD'));
    if (target.role === 'ATHLETE' && has('MY_CHILD').length) return allow('FAMILY', []);
    return refuse;
  }
  return refuse;
}
