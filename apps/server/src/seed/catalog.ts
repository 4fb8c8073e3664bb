/**
 * The demo high school's sports and teams. Icons are Tabler icon names the web maps to glyphs.
 */
export const SPORTS = [
  { name: 'Football', icon: 'ball-american-football' },
  { name: 'Volleyball', icon: 'ball-volleyball' },
  { name: 'Cross Country', icon: 'run' },
  { name: 'Soccer', icon: 'ball-football' },
  { name: 'Basketball', icon: 'ball-basketball' },
  { name: 'Wrestling', icon: 'karate' },
  { name: 'Swimming & Diving', icon: 'swimming' },
  { name: 'Baseball', icon: 'ball-baseball' },
  { name: 'Softball', icon: 'ball-baseball' },
  { name: 'Track & Field', icon: 'shoe' },
  { name: 'Tennis', icon: 'ball-tennis' },
  { name: 'Golf', icon: 'golf' },
] as const;

type Level = 'VARSITY' | 'JUNIOR_VARSITY' | 'FRESHMAN';
type Gender = 'BOYS' | 'GIRLS' | 'COED';
type Season = 'FALL' | 'WINTER' | 'SPRING';

export type TeamSpec = {
  sport: (typeof SPORTS)[number]['name'];
  name: string;
  level: Level;
  gender: Gender;
  season: Season;
  size: number;
};

const team = (
  sport: TeamSpec['sport'],
  name: string,
  level: Level,
  gender: Gender,
  season: Season,
  size: number,
): TeamSpec => ({
  sport,
  name,
  level,
  gender,
  season,
  size,
});

export const TEAMS: TeamSpec[] = [
  team('Football', 'Varsity Football', 'VARSITY', 'BOYS', 'FALL', 48),
  team('Football', 'JV Football', 'JUNIOR_VARSITY', 'BOYS', 'FALL', 36),
  team('Football', 'Freshman Football', 'FRESHMAN', 'BOYS', 'FALL', 30),
  team('Volleyball', 'Varsity Volleyball', 'VARSITY', 'GIRLS', 'FALL', 14),
  team('Volleyball', 'JV Volleyball', 'JUNIOR_VARSITY', 'GIRLS', 'FALL', 14),
  team('Cross Country', 'Cross Country', 'VARSITY', 'COED', 'FALL', 30),
  team('Soccer', 'Boys Varsity Soccer', 'VARSITY', 'BOYS', 'FALL', 22),
  team('Soccer', 'Boys JV Soccer', 'JUNIOR_VARSITY', 'BOYS', 'FALL', 20),
  team('Tennis', 'Girls Tennis', 'VARSITY', 'GIRLS', 'FALL', 12),
  team('Golf', 'Boys Golf', 'VARSITY', 'BOYS', 'FALL', 10),
  team('Basketball', 'Boys Varsity Basketball', 'VARSITY', 'BOYS', 'WINTER', 14),
  team('Basketball', 'Boys JV Basketball', 'JUNIOR_VARSITY', 'BOYS', 'WINTER', 14),
  team('Basketball', 'Girls Varsity Basketball', 'VARSITY', 'GIRLS', 'WINTER', 14),
  team('Basketball', 'Girls JV Basketball', 'JUNIOR_VARSITY', 'GIRLS', 'WINTER', 13),
  team('Wrestling', 'Wrestling', 'VARSITY', 'BOYS', 'WINTER', 26),
  team('Swimming & Diving', 'Swimming & Diving', 'VARSITY', 'COED', 'WINTER', 28),
  team('Baseball', 'Varsity Baseball', 'VARSITY', 'BOYS', 'SPRING', 20),
  team('Baseball', 'JV Baseball', 'JUNIOR_VARSITY', 'BOYS', 'SPRING', 18),
  team('Softball', 'Varsity Softball', 'VARSITY', 'GIRLS', 'SPRING', 18),
  team('Softball', 'JV Softball', 'JUNIOR_VARSITY', 'GIRLS', 'SPRING', 16),
  team('Soccer', 'Girls Varsity Soccer', 'VARSITY', 'GIRLS', 'SPRING', 22),
  team('Track & Field', 'Track & Field', 'VARSITY', 'COED', 'SPRING', 45),
  team('Tennis', 'Boys Tennis', 'VARSITY', 'BOYS', 'SPRING', 12),
];
