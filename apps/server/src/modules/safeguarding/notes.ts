/**
 * What the room reads when the policy changes who is in it or holds it: one SYSTEM note per
 * change, in plain sentences, and the hold's reason (also the refusal of a new conversation).
 */
import { GUARDIANS_INCLUDED_NOTE, type MemberReason, type Observation, SECOND_ADULT_NOTE } from '@fieldhouse/shared';
import type { Person } from './plan.ts';

export const personName = (p: Pick<Person, 'firstName' | 'lastName'>) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

/** "A", "A and B", "A, B and C", "A, B, C and 4 more". */
export function listNames(names: string[], limit = 4) {
  if (names.length <= 1) return names[0] ?? '';
  if (names.length > limit) return `${names.slice(0, limit - 1).join(', ')} and ${names.length - limit + 1} more`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Who else reads a conversation along (guardians, a second adult) and the sentence the member app shows. */
export function observationOf(guardians: boolean, secondAdult: boolean): Observation {
  const note = [guardians ? GUARDIANS_INCLUDED_NOTE : null, secondAdult ? SECOND_ADULT_NOTE : null]
    .filter(Boolean)
    .join('. ');
  return { guardians, secondAdult, note: note || null };
}

const possessive = (name: string) => `${name}’s`;

/** Why a minor needs a second adult: an age, or a date of birth nobody entered. */
function whyMinor(minor: Person) {
  const name = personName(minor);
  return minor.dateOfBirth ? `${name} is under 18` : `${name} has no date of birth on file, so counts as under 18,`;
}

function unguardedClause(minors: Person[]) {
  if (minors.length === 1 && minors[0])
    return `${whyMinor(minors[0])} and has no guardian who can see this conversation`;
  return `${listNames(minors.map(personName))} are under 18 (or have no date of birth on file) and have no guardian who can see this conversation`;
}

/** The reason messages are held, and the refusal of a new conversation that could not be observed. */
export function holdReason(minors: Person[], organizationName: string) {
  return (
    `Safeguarding: ${unguardedClause(minors)}, and ${organizationName} has no safeguarding contact or athletic ` +
    'director besides the adults in it who could join as a second adult. An athletic director can link a guardian ' +
    'or name a safeguarding contact (Admin → Safeguarding).'
  );
}

export type MembershipChange = {
  /** `label` says who they are for the room: 'guardian of Zoë Núñez', 'safeguarding contact'. */
  added: { person: Person; reason: MemberReason; label: string | null }[];
  removed: { person: Person; reason: MemberReason }[];
  unguarded: Person[];
  holdBefore: string | null;
  holdAfter: string | null;
  organizationName: string;
  /** A room being made: its participants need no announcement. */
  created: boolean;
  /** The caller announced the roster change itself: participants joining or leaving go unsaid. */
  rosterAnnounced?: boolean;
};

export function describeChange(change: MembershipChange): string | null {
  const sentences: string[] = [];
  const added = (reason: MemberReason) => change.added.filter((a) => a.reason === reason);
  const removed = (reason: MemberReason) =>
    change.removed.filter((r) => r.reason === reason).map((r) => personName(r.person));
  const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

  const joined = change.created || change.rosterAnnounced ? [] : added('PARTICIPANT').map((a) => personName(a.person));
  if (joined.length) sentences.push(`${listNames(joined)} joined.`);
  const labelled = (a: MembershipChange['added'][number]) =>
    a.label ? `${personName(a.person)} (${a.label})` : personName(a.person);
  const guardians = added('GUARDIAN');
  if (guardians.length) {
    const names = guardians.map(labelled);
    sentences.push(
      `${listNames(names)} ${plural(guardians.length, 'joined as a guardian', 'joined as guardians')}: ` +
        'conversations between adults and athletes under 18 include their guardians (safeguarding).',
    );
  }
  const observers = added('SAFEGUARDING');
  if (observers.length) {
    sentences.push(
      `${listNames(observers.map(labelled))} joined as ` +
        `${possessive(change.organizationName)} ${plural(observers.length, 'second adult', 'second adults')}: ` +
        `${unguardedClause(change.unguarded)}, so a member of staff keeps it open and observable (safeguarding).`,
    );
  }
  const left = change.rosterAnnounced ? [] : removed('PARTICIPANT');
  if (left.length)
    sentences.push(`${listNames(left)} ${plural(left.length, 'is', 'are')} no longer in this conversation.`);
  const overseeing = removed('OVERSIGHT');
  if (overseeing.length)
    sentences.push(`${listNames(overseeing)} no longer ${plural(overseeing.length, 'oversees', 'oversee')} this room.`);
  const exGuardians = removed('GUARDIAN');
  if (exGuardians.length)
    sentences.push(
      `${listNames(exGuardians)} ${plural(exGuardians.length, 'is', 'are')} no longer here as a guardian.`,
    );
  const exObservers = removed('SAFEGUARDING');
  if (exObservers.length)
    sentences.push(
      `${listNames(exObservers)} ${plural(exObservers.length, 'is', 'are')} no longer needed here as the second adult.`,
    );
  if (change.holdAfter && change.holdAfter !== change.holdBefore)
    sentences.push(`Messages are paused. ${change.holdAfter}`);
  if (!change.holdAfter && change.holdBefore)
    sentences.push('Messages can be sent again: a second adult can see this conversation.');
  return sentences.length ? sentences.join(' ') : null;
}
