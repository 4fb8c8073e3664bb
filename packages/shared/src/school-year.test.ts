import { describe, expect, it } from 'vitest';
import {
  classLabel,
  currentClasses,
  currentSchoolYear,
  gradeFor,
  graduationYearFor,
  schoolYearEnd,
} from './school-year.ts';

describe('school year', () => {
  const fall = new Date(2026, 8, 15); // September 2026: the 2026-27 school year
  const spring = new Date(2027, 2, 15); // March 2027: still 2026-27
  const summer = new Date(2027, 6, 1); // July 2027: 2027-28 begins

  it('runs July to June', () => {
    expect(schoolYearEnd(fall)).toBe(2027);
    expect(schoolYearEnd(spring)).toBe(2027);
    expect(schoolYearEnd(summer)).toBe(2028);
    expect(currentSchoolYear(fall)).toBe('2026-27');
    expect(currentSchoolYear(summer)).toBe('2027-28');
  });

  it('works out the grade from the class, and back', () => {
    expect(gradeFor(2027, fall)).toBe(12);
    expect(gradeFor(2030, spring)).toBe(9);
    expect(gradeFor(2030, summer)).toBe(10);
    expect(gradeFor(null, fall)).toBeNull();
    expect(graduationYearFor(9, fall)).toBe(2030);
    expect(graduationYearFor(12, summer)).toBe(2028);
  });

  it('labels a class', () => {
    expect(classLabel(2029, fall)).toBe('Grade 10 · Class of 2029');
    expect(classLabel(2020, fall)).toBe('Class of 2020 (graduated)');
    expect(classLabel(2036, fall)).toBe('Class of 2036');
    expect(classLabel(null, fall)).toBeNull();
    expect(currentClasses(fall)).toEqual([2027, 2028, 2029, 2030, 2031, 2032]);
  });
});
