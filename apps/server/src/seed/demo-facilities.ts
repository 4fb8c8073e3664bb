/**
 * The demo school's facilities as records (decision 010): every place the demo schedule books,
 * plus an auxiliary gym, with addresses, capacities and hours as a school would enter them.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { facilities } from '../db/schema/index.ts';

const CAMPUS = '1200 Lincoln Ave';
const SCHOOL_HOURS = 'Mon–Fri 6 am – 10 pm, Sat 8 am – 6 pm';

export const DEMO_FACILITIES: { name: string; address: string; capacity: number | null; hours: string }[] = [
  { name: 'Main Gym', address: CAMPUS, capacity: 1200, hours: SCHOOL_HOURS },
  { name: 'Auxiliary Gym', address: CAMPUS, capacity: 300, hours: SCHOOL_HOURS },
  { name: 'Wrestling Room', address: CAMPUS, capacity: 80, hours: SCHOOL_HOURS },
  { name: 'Natatorium', address: CAMPUS, capacity: 400, hours: 'Mon–Fri 5 am – 9 pm, Sat 7 am – 1 pm' },
  { name: 'Lincoln Stadium', address: '1300 Lincoln Ave', capacity: 5000, hours: 'Dawn to 10 pm' },
  { name: 'Soccer Field', address: '1300 Lincoln Ave', capacity: 500, hours: 'Dawn to dusk' },
  { name: 'Riverside Trails', address: 'Riverside Park, 40 River Rd', capacity: null, hours: 'Dawn to dusk' },
  { name: 'Tennis Courts', address: CAMPUS, capacity: 120, hours: 'Dawn to 9 pm' },
  { name: 'Oak Hills Golf Course', address: '7700 Oak Hills Dr', capacity: null, hours: 'Tee times by arrangement' },
  { name: 'Baseball Diamond', address: '1300 Lincoln Ave', capacity: 600, hours: 'Dawn to 10 pm' },
  { name: 'Softball Field', address: '1300 Lincoln Ave', capacity: 400, hours: 'Dawn to 10 pm' },
  { name: 'Auditorium', address: CAMPUS, capacity: 800, hours: 'Mon–Fri 7 am – 9 pm' },
  { name: 'Cafeteria', address: CAMPUS, capacity: 450, hours: 'Mon–Sat 6 am – 8 pm' },
];

/** Creates the demo facilities (kept if already there); returns lower-case name → id. */
export async function seedDemoFacilities(db: Db, organizationId: number) {
  await db
    .insert(facilities)
    .values(DEMO_FACILITIES.map((f) => ({ ...f, organizationId })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: facilities.id, name: facilities.name })
    .from(facilities)
    .where(and(eq(facilities.organizationId, organizationId), eq(facilities.archived, false)));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}
