/**
 * Grades and graduation years. A school year runs July to June: in March 2027 the seniors
 * (grade 12) graduate in 2027, in September 2027 they graduate in 2028. The graduation year is
 * what is stored (it does not change each summer); the grade is worked out from it.
 */
import { z } from 'zod';

/** The calendar year the current school year ends in (its June). */
export const schoolYearEnd = (now = new Date()) => (now.getMonth() >= 6 ? now.getFullYear() + 1 : now.getFullYear());

/** The grade (1–12) someone graduating in `graduationYear` is in now; >12 once graduated, null if unknown. */
export const gradeFor = (graduationYear: number | null | undefined, now = new Date()) =>
  graduationYear ? 12 - (graduationYear - schoolYearEnd(now)) : null;

/** The graduation year of someone in `grade` now. */
export const graduationYearFor = (grade: number, now = new Date()) => schoolYearEnd(now) + (12 - grade);

/** "Grade 10 · Class of 2028", "Class of 2019 (graduated)", or "Class of 2034". */
export function classLabel(graduationYear: number | null | undefined, now = new Date()): string | null {
  if (!graduationYear) return null;
  const grade = gradeFor(graduationYear, now) as number;
  if (grade > 12) return `Class of ${graduationYear} (graduated)`;
  if (grade >= 6) return `Grade ${grade} · Class of ${graduationYear}`;
  return `Class of ${graduationYear}`;
}

export const GRADUATION_YEARS = { min: 1950, max: 2100 } as const;

export const graduationYearSchema = z
  .number('Graduation year is a year such as 2028')
  .int('Graduation year is a year such as 2028')
  .min(GRADUATION_YEARS.min, 'Graduation year is a year such as 2028')
  .max(GRADUATION_YEARS.max, 'Graduation year is a year such as 2028');

/** Graduation years a list filter offers: the four high-school classes and the next two. */
export const currentClasses = (now = new Date()) => Array.from({ length: 6 }, (_, i) => schoolYearEnd(now) + i);

const schoolYearEnding = (end: number) => `${end - 1}-${String(end % 100).padStart(2, '0')}`;

/** The current school year as teams label it: "2026-27" from July 2026 to June 2027. */
export const currentSchoolYear = (now = new Date()) => schoolYearEnding(schoolYearEnd(now));

/** The current school year and the `count - 1` before it, newest first (a report's year picker). */
export const recentSchoolYears = (count: number, now = new Date()) =>
  Array.from({ length: count }, (_, i) => schoolYearEnding(schoolYearEnd(now) - i));
