import { ADMIN_ROLES, type Role, type UserStatus } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { decideContact, type Party, type Tie } from './policy.ts';

let nextId = 1;
const party = (role: Role | null, extra: Partial<Party> = {}): Party => ({
  id: nextId++,
  role,
  status: 'ACTIVE' as UserStatus,
  organizationId: 1,
  ...extra,
});
const varsity = { id: 10, name: 'Varsity' };
const jv = { id: 11, name: 'JV' };
const kid = { id: 99, firstName: 'Zoë', lastName: 'Núñez' };
const allowedGroup = (a: Party, b: Party, ties: Tie[] = []) => {
  const d = decideContact(a, b, ties);
  return d.allowed ? d.group : d.refusal;
};

describe('who may start a direct conversation (decision 026)', () => {
  it('lets every admin role start with anyone of their school, of any status but deleted', () => {
    for (const role of ADMIN_ROLES) {
      const admin = party(role);
      expect(allowedGroup(admin, party('ATHLETE'))).toBe('ATHLETE');
      expect(allowedGroup(admin, party('PARENT'))).toBe('GUARDIAN');
      expect(allowedGroup(admin, party('COACH'))).toBe('COACH');
      expect(allowedGroup(admin, party('ATHLETIC_DIRECTOR'))).toBe('STAFF');
      expect(allowedGroup(admin, party('ATHLETE', { status: 'SUSPENDED' }))).toBe('ATHLETE');
      expect(allowedGroup(admin, party('ATHLETE', { status: 'DELETED' }))).toBe('not_found');
      expect(allowedGroup(admin, party('ATHLETE', { organizationId: 2 }))).toBe('not_found');
    }
  });

  it('lets a coach reach staff, coaches, their athletes and their athletes’ guardians only', () => {
    const coach = party('COACH');
    expect(allowedGroup(coach, party('ATHLETIC_ADMINISTRATOR'))).toBe('STAFF');
    expect(allowedGroup(coach, party('COACH'))).toBe('COACH');
    expect(allowedGroup(coach, party('ATHLETE'), [{ kind: 'PLAYS_FOR_ME', team: varsity }])).toBe('ATHLETE');
    expect(allowedGroup(coach, party('ATHLETE'))).toBe('not_allowed');
    expect(
      allowedGroup(coach, party('PARENT'), [{ kind: 'GUARDIAN_OF_MY_ATHLETE', team: varsity, athlete: kid }]),
    ).toBe('GUARDIAN');
    expect(allowedGroup(coach, party('PARENT'))).toBe('not_allowed');
  });

  it('lets an athlete reach staff, their own coaches and guardians; never teammates or other families', () => {
    const athlete = party('ATHLETE');
    expect(allowedGroup(athlete, party('ATHLETIC_DIRECTOR'))).toBe('STAFF');
    expect(allowedGroup(athlete, party('COACH'), [{ kind: 'COACHES_ME', team: jv }])).toBe('COACH');
    expect(allowedGroup(athlete, party('COACH'))).toBe('not_allowed');
    expect(allowedGroup(athlete, party('PARENT'), [{ kind: 'MY_GUARDIAN' }])).toBe('FAMILY');
    expect(allowedGroup(athlete, party('PARENT'))).toBe('not_allowed');
    // A teammate: the team room is where athletes talk, observed by their coaches.
    expect(allowedGroup(athlete, party('ATHLETE'), [{ kind: 'PLAYS_FOR_ME', team: varsity }])).toBe('not_allowed');
  });

  it('lets a guardian reach staff, their children’s coaches and their own children only', () => {
    const parent = party('PARENT');
    expect(allowedGroup(parent, party('ASSISTANT_ATHLETIC_DIRECTOR'))).toBe('STAFF');
    expect(allowedGroup(parent, party('COACH'), [{ kind: 'COACHES_MY_CHILD', team: varsity, child: kid }])).toBe(
      'COACH',
    );
    expect(allowedGroup(parent, party('COACH'))).toBe('not_allowed');
    expect(allowedGroup(parent, party('ATHLETE'), [{ kind: 'MY_CHILD' }])).toBe('FAMILY');
    expect(allowedGroup(parent, party('ATHLETE'))).toBe('not_allowed');
    expect(allowedGroup(parent, party('PARENT'))).toBe('not_allowed');
  });

  it('gives the teams that connect the two, once each, by name', () => {
    const d = decideContact(party('ATHLETE'), party('COACH'), [
      { kind: 'COACHES_ME', team: varsity },
      { kind: 'COACHES_ME', team: jv },
      { kind: 'COACHES_ME', team: varsity },
    ]);
    expect(d).toEqual({ allowed: true, group: 'COACH', teams: [jv, varsity] });
  });

  it('refuses oneself, another school, an inactive caller, and inactive or roleless targets for members', () => {
    const coach = party('COACH');
    expect(allowedGroup(coach, coach)).toBe('self');
    expect(allowedGroup(coach, party('ATHLETIC_DIRECTOR', { organizationId: 2 }))).toBe('not_found');
    expect(allowedGroup(party('COACH', { organizationId: null }), party('ATHLETIC_DIRECTOR'))).toBe('not_found');
    expect(allowedGroup(party('COACH', { status: 'SUSPENDED' }), party('ATHLETIC_DIRECTOR'))).toBe('caller_inactive');
    expect(allowedGroup(coach, party('ATHLETIC_DIRECTOR', { status: 'SUSPENDED' }))).toBe('not_allowed');
    expect(allowedGroup(coach, party('COACH', { status: 'INACTIVE' }))).toBe('not_allowed');
    expect(allowedGroup(party(null), party('ATHLETIC_DIRECTOR'))).toBe('not_allowed');
  });
});
