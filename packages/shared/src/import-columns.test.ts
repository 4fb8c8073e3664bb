import { describe, expect, it } from 'vitest';
import { CALENDAR_IMPORT_FIELDS } from './calendar.ts';
import { applyMapping, matchColumns, parseFlexibleDate, parseFlexibleTime, squashHeader } from './import-columns.ts';
import { ROSTER_FIELDS } from './roster-import.ts';

describe('matchColumns', () => {
  it('matches the headers school spreadsheets use', () => {
    const headers = [
      'Student First Name',
      'Last',
      'E-mail Address',
      'Birthdate',
      'Class of',
      'Grade',
      'Cell',
      'Sport Team',
      'Uniform #',
      'Parent/Guardian Email',
      'Parent 1',
      'Parent 2 Email',
      'Notes',
    ];
    const mapping = matchColumns(headers, ROSTER_FIELDS);
    expect(mapping).toMatchObject({
      firstName: 0,
      lastName: 1,
      email: 2,
      dateOfBirth: 3,
      graduationYear: 4,
      grade: 5,
      contactNumber: 6,
      team: 7,
      jerseyNumber: 8,
      guardianEmail: 9,
      guardianName: 10,
      guardian2Email: 11,
      guardianFirstName: -1,
    });
  });

  it('gives each column to one field at most, and takes exact field keys', () => {
    const mapping = matchColumns(['firstName', 'lastName', 'email', 'email'], ROSTER_FIELDS);
    expect(mapping.email).toBe(2);
    expect(Object.values(mapping).filter((i) => i === 3)).toEqual([]);
  });

  it('matches a league schedule', () => {
    const mapping = matchColumns(
      ['Game Date', 'Time', 'vs', 'H/A', 'Venue', 'Level', 'Event Type'],
      CALENDAR_IMPORT_FIELDS,
    );
    expect(mapping).toMatchObject({ date: 0, startTime: 1, opponent: 2, homeAway: 3, location: 4, team: 5, type: 6 });
  });

  it('squashes headers to letters and digits', () => {
    expect(squashHeader(' Parent 1 E-mail ')).toBe('parent1email');
    expect(squashHeader('Jersey #')).toBe('jersey#');
  });

  it('turns rows into records by field, trimmed', () => {
    expect(applyMapping([['  Ava ', 'x'], ['Liam']], { firstName: 0, lastName: 2 })).toEqual([
      { firstName: 'Ava', lastName: '' },
      { firstName: 'Liam', lastName: '' },
    ]);
  });
});

describe('parseFlexibleDate', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  it.each([
    ['2010-04-15', '2010-04-15'],
    ['2010-4-5', '2010-04-05'],
    ['2010-04-15 00:00:00', '2010-04-15'],
    ['4/15/2010', '2010-04-15'],
    ['04-15-2010', '2010-04-15'],
    ['4/15/10', '2010-04-15'],
    ['4/15/99', '1999-04-15'],
    ['Apr 15, 2010', '2010-04-15'],
    ['April 15th 2010', '2010-04-15'],
    ['15 April 2010', '2010-04-15'],
    ['2010/04/15', '2010-04-15'],
  ])('%s is %s', (text, iso) => expect(parseFlexibleDate(text, now)).toBe(iso));

  it.each(['13/45/2010', '2/30/2010', '2010-13-01', 'yesterday', '', '15/4/2010'])('%s is not a date', (text) =>
    expect(parseFlexibleDate(text, now)).toBeNull(),
  );
});

describe('parseFlexibleTime', () => {
  it.each([
    ['16:00', '16:00'],
    ['4:00 PM', '16:00'],
    ['4pm', '16:00'],
    ['4:30p', '16:30'],
    ['12:15 AM', '00:15'],
    ['12 pm', '12:00'],
    ['7:05 a.m.', '07:05'],
    ['9:00', '09:00'],
  ])('%s is %s', (text, hhmm) => expect(parseFlexibleTime(text)).toBe(hhmm));

  it.each(['25:00', '4', '13 pm', '4:75 PM', 'noon'])('%s is not a time', (text) =>
    expect(parseFlexibleTime(text)).toBeNull(),
  );
});
