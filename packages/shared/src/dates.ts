import { z } from 'zod';

/**
 * The years a school's calendar, reports and audit can mean. Outside them PostgreSQL, Intl and
 * four-digit wall strings disagree, so such input is a 400, not a 500.
 */
export const YEARS = { min: 1900, max: 2100 } as const;
const YEAR_MESSAGE = `Use a date between ${YEARS.min} and ${YEARS.max}`;

/** True for a string starting with a year (YYYY…) inside YEARS. */
export const hasSensibleYear = (value: string) => {
  const year = Number(value.trim().slice(0, 4));
  return /^\d{4}/.test(value.trim()) && year >= YEARS.min && year <= YEARS.max;
};

export const boundedDateTime = z.iso.datetime({ offset: true }).refine(hasSensibleYear, YEAR_MESSAGE);
export const boundedDate = (message?: string) => z.iso.date(message).refine(hasSensibleYear, YEAR_MESSAGE);
