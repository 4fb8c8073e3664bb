/**
 * The standard catalogue of high-school sports present on every install (migration
 * 0015_standard_sports.sql inserts the same list). A super admin adds more in Admin → Sports.
 */
import type { SportIconKey } from './admin.ts';

export const STANDARD_SPORTS: readonly { name: string; icon: SportIconKey }[] = [
  { name: 'Archery', icon: 'target' },
  { name: 'Badminton', icon: 'ball-tennis' },
  { name: 'Baseball', icon: 'ball-baseball' },
  { name: 'Basketball', icon: 'ball-basketball' },
  { name: 'Beach Volleyball', icon: 'ball-volleyball' },
  { name: 'Bowling', icon: 'ball-bowling' },
  { name: 'Competitive Cheer', icon: 'speakerphone' },
  { name: 'Cross Country', icon: 'run' },
  { name: 'Dance', icon: 'stretching' },
  { name: 'Field Hockey', icon: 'trophy' },
  { name: 'Flag Football', icon: 'flag' },
  { name: 'Football', icon: 'ball-american-football' },
  { name: 'Golf', icon: 'golf' },
  { name: 'Gymnastics', icon: 'gymnastics' },
  { name: 'Ice Hockey', icon: 'ice-skating' },
  { name: 'Lacrosse', icon: 'trophy' },
  { name: 'Rowing', icon: 'kayak' },
  { name: 'Skiing', icon: 'ski-jumping' },
  { name: 'Soccer', icon: 'ball-football' },
  { name: 'Softball', icon: 'ball-baseball' },
  { name: 'Swimming & Diving', icon: 'swimming' },
  { name: 'Tennis', icon: 'ball-tennis' },
  { name: 'Track & Field', icon: 'shoe' },
  { name: 'Volleyball', icon: 'ball-volleyball' },
  { name: 'Water Polo', icon: 'swimming' },
  { name: 'Wrestling', icon: 'karate' },
];
