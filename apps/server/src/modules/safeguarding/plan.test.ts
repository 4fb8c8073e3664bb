import type { MemberReason, Role, UserStatus } from '@fieldhouse/shared';
import { describe, expect, it } from 'vitest';
import { type Person, planRoom, type RoomFacts, staffAgeProblem } from './plan.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
let nextId = 1;
const person = (role: Role, extra: Partial<Person> = {}): Person => ({
  id: nextId++,
  firstName: role.toLowerCase(),
  lastName: null,
  role,
  status: 'ACTIVE' as UserStatus,
  dateOfBirth: null,
  organizationId: 1,
  ...extra,
});
const minor = () => person('ATHLETE', { dateOfBirth: '2011-03-02' });
const adultAthlete = () => person('ATHLETE', { dateOfBirth: '2005-03-02' });

function facts(kind: RoomFacts['kind'], everyone: Person[], extra: Partial<RoomFacts> = {}): RoomFacts {
  return {
    id: 1,
    kind,
    organizationId: 1,
    directKey: null,
    members: [],
    roster: [],
    coaches: [],
    people: new Map(everyone.map((p) => [p.id, p])),
    guardians: new Map(),
    contacts: [],
    directors: [],
    ...extra,
  };
}
const direct = (a: Person, b: Person, everyone: Person[], extra: Partial<RoomFacts> = {}) =>
  facts('DIRECT', [a, b, ...everyone], { directKey: `${Math.min(a.id, b.id)}:${Math.max(a.id, b.id)}`, ...extra });
const reasons = (plan: ReturnType<typeof planRoom>) => Object.fromEntries(plan.members) as Record<number, MemberReason>;

describe('planRoom', () => {
  it('brings a minor’s guardians into a conversation with an adult', () => {
    const [kid, coach, mom] = [minor(), person('COACH'), person('PARENT')];
    const plan = planRoom(direct(coach, kid, [mom], { guardians: new Map([[kid.id, [mom.id]]]) }), NOW);
    expect(reasons(plan)).toEqual({ [coach.id]: 'PARTICIPANT', [kid.id]: 'PARTICIPANT', [mom.id]: 'GUARDIAN' });
    expect(plan).toMatchObject({ unguarded: [], held: false });
  });

  it('counts an athlete without a date of birth as a minor, and one of 18 as an adult', () => {
    const [unknown, grown, coach, dad] = [person('ATHLETE'), adultAthlete(), person('COACH'), person('PARENT')];
    const guardians = new Map([
      [unknown.id, [dad.id]],
      [grown.id, [dad.id]],
    ]);
    expect(reasons(planRoom(direct(coach, unknown, [dad], { guardians }), NOW))[dad.id]).toBe('GUARDIAN');
    expect(reasons(planRoom(direct(coach, grown, [dad], { guardians }), NOW))[dad.id]).toBeUndefined();
  });

  it('adds nobody to a parent’s conversation with their own child, or to two minors', () => {
    const [kid, friend, mom, dad] = [minor(), minor(), person('PARENT'), person('PARENT')];
    const guardians = new Map([[kid.id, [mom.id, dad.id]]]);
    expect(reasons(planRoom(direct(mom, kid, [dad], { guardians }), NOW))).toEqual({
      [mom.id]: 'PARTICIPANT',
      [kid.id]: 'PARTICIPANT',
    });
    expect(planRoom(direct(kid, friend, [], { guardians }), NOW).members.size).toBe(2);
  });

  it('adds the named contacts when no guardian can see it, and the directors when no contact can', () => {
    const [kid, coach, contact, director] = [
      minor(),
      person('COACH'),
      person('ATHLETIC_ADMINISTRATOR'),
      person('ATHLETIC_DIRECTOR'),
    ];
    const withContact = planRoom(
      direct(coach, kid, [contact, director], { contacts: [contact.id], directors: [director.id] }),
      NOW,
    );
    expect(reasons(withContact)[contact.id]).toBe('SAFEGUARDING');
    expect(reasons(withContact)[director.id]).toBeUndefined();
    expect(withContact).toMatchObject({ unguarded: [kid.id], held: false });

    const suspendedContact = { ...contact, status: 'SUSPENDED' as const };
    const fallback = planRoom(
      direct(coach, kid, [suspendedContact, director], { contacts: [contact.id], directors: [director.id] }),
      NOW,
    );
    expect(reasons(fallback)).toMatchObject({ [director.id]: 'SAFEGUARDING' });
    expect(reasons(fallback)[contact.id]).toBeUndefined();
  });

  it('treats a suspended or deleted guardian as no guardian', () => {
    const [kid, coach, mom, director] = [
      minor(),
      person('COACH'),
      person('PARENT', { status: 'SUSPENDED' }),
      person('ATHLETIC_DIRECTOR'),
    ];
    const plan = planRoom(
      direct(coach, kid, [mom, director], { guardians: new Map([[kid.id, [mom.id]]]), directors: [director.id] }),
      NOW,
    );
    expect(reasons(plan)).toMatchObject({ [mom.id]: 'GUARDIAN', [director.id]: 'SAFEGUARDING' });
    const deleted = { ...mom, status: 'DELETED' as const };
    const gone = planRoom(
      direct(coach, kid, [deleted, director], { guardians: new Map([[kid.id, [mom.id]]]), directors: [director.id] }),
      NOW,
    );
    expect(reasons(gone)[mom.id]).toBeUndefined();
    expect(reasons(gone)[director.id]).toBe('SAFEGUARDING');
  });

  it('holds the room when the only possible second adult is the one talking', () => {
    const [kid, director] = [minor(), person('ATHLETIC_DIRECTOR')];
    const plan = planRoom(direct(director, kid, [], { contacts: [director.id], directors: [director.id] }), NOW);
    expect(plan).toMatchObject({ unguarded: [kid.id], held: true });
  });

  it('needs a member of staff even when the adult talking is an adult athlete', () => {
    const [kid, senior, director] = [minor(), adultAthlete(), person('ATHLETIC_DIRECTOR')];
    expect(reasons(planRoom(direct(senior, kid, [director], { directors: [director.id] }), NOW))[director.id]).toBe(
      'SAFEGUARDING',
    );
  });

  it('lets two coaches of a team see each other, and adds a contact for a team with one', () => {
    const [kid, coachA, coachB, contact] = [
      minor(),
      person('COACH'),
      person('COACH'),
      person('ATHLETIC_ADMINISTRATOR'),
    ];
    const team = (coaches: number[]) =>
      facts('TEAM', [kid, coachA, coachB, contact], { roster: [kid.id], coaches, contacts: [contact.id] });
    expect(reasons(planRoom(team([coachA.id, coachB.id]), NOW))[contact.id]).toBeUndefined();
    expect(reasons(planRoom(team([coachA.id]), NOW))[contact.id]).toBe('SAFEGUARDING');
  });

  it('drops roster leavers, ex-guardians, second adults no longer needed, and oversight of a demoted admin', () => {
    const [kid, coach, mom, contact, admin, leaver] = [
      minor(),
      person('COACH'),
      person('PARENT'),
      person('ATHLETIC_ADMINISTRATOR'),
      person('COACH'),
      minor(),
    ];
    const plan = planRoom(
      facts('TEAM', [kid, coach, mom, contact, admin, leaver], {
        roster: [kid.id],
        coaches: [coach.id],
        contacts: [contact.id],
        guardians: new Map([[kid.id, [mom.id]]]),
        members: [
          { userId: leaver.id, reason: 'PARTICIPANT' },
          { userId: contact.id, reason: 'SAFEGUARDING' },
          { userId: admin.id, reason: 'OVERSIGHT' },
        ],
      }),
      NOW,
    );
    expect(reasons(plan)).toEqual({ [kid.id]: 'PARTICIPANT', [coach.id]: 'PARTICIPANT', [mom.id]: 'GUARDIAN' });
  });

  it('keeps the coaches’ room to coaches and administrators; another group keeps whoever takes part', () => {
    const [coach, director, exCoach, exAdmin] = [
      person('COACH'),
      person('ATHLETIC_DIRECTOR'),
      person('PARENT'),
      person('ATHLETE', { dateOfBirth: '2000-01-01' }),
    ];
    const members = [coach, director, exCoach, exAdmin].map((p) => ({ userId: p.id, reason: 'PARTICIPANT' as const }));
    const everyone = [coach, director, exCoach, exAdmin];
    expect(reasons(planRoom(facts('GROUP', everyone, { purpose: 'COACHES', members }), NOW))).toEqual({
      [coach.id]: 'PARTICIPANT',
      [director.id]: 'PARTICIPANT',
    });
    expect(Object.keys(reasons(planRoom(facts('GROUP', everyone, { members }), NOW)))).toHaveLength(4);
  });
});

describe('staffAgeProblem', () => {
  it('refuses a staff role to someone a date of birth says is under 18', () => {
    expect(staffAgeProblem('COACH', '2013-05-01', { now: NOW })).toMatch(/under 18/);
    expect(staffAgeProblem('ATHLETIC_DIRECTOR', '2010-01-01', { now: NOW })).toMatch(/under 18/);
    expect(staffAgeProblem('COACH', '1990-05-01', { now: NOW })).toBeNull();
    expect(staffAgeProblem('COACH', null, { now: NOW })).toBeNull();
    expect(staffAgeProblem('PARENT', '2010-01-01', { now: NOW })).toBeNull();
  });

  it('refuses a staff role to an athlete of unknown age, who counts as a minor', () => {
    expect(staffAgeProblem('COACH', null, { was: 'ATHLETE', now: NOW })).toMatch(/counts as under 18/);
    expect(staffAgeProblem('COACH', '1990-05-01', { was: 'ATHLETE', now: NOW })).toBeNull();
    expect(staffAgeProblem('COACH', null, { was: 'PARENT', now: NOW })).toBeNull();
  });
});
