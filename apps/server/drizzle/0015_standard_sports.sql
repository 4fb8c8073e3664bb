-- The standard catalogue of high-school sports, on every install (not only with the demo), so a
-- new school's first "Create team" has sports to choose. Mirrors STANDARD_SPORTS in
-- packages/shared/src/sports-catalogue.ts (a test checks they agree). A super admin extends it in
-- Admin -> Sports; names already present (any case) are left alone.
INSERT INTO "sports" ("name", "icon")
SELECT v.name, v.icon FROM (VALUES
  ('Archery', 'target'),
  ('Badminton', 'ball-tennis'),
  ('Baseball', 'ball-baseball'),
  ('Basketball', 'ball-basketball'),
  ('Beach Volleyball', 'ball-volleyball'),
  ('Bowling', 'ball-bowling'),
  ('Competitive Cheer', 'speakerphone'),
  ('Cross Country', 'run'),
  ('Dance', 'stretching'),
  ('Field Hockey', 'trophy'),
  ('Flag Football', 'flag'),
  ('Football', 'ball-american-football'),
  ('Golf', 'golf'),
  ('Gymnastics', 'gymnastics'),
  ('Ice Hockey', 'ice-skating'),
  ('Lacrosse', 'trophy'),
  ('Rowing', 'kayak'),
  ('Skiing', 'ski-jumping'),
  ('Soccer', 'ball-football'),
  ('Softball', 'ball-baseball'),
  ('Swimming & Diving', 'swimming'),
  ('Tennis', 'ball-tennis'),
  ('Track & Field', 'shoe'),
  ('Volleyball', 'ball-volleyball'),
  ('Water Polo', 'swimming'),
  ('Wrestling', 'karate')
) AS v(name, icon)
WHERE NOT EXISTS (SELECT 1 FROM "sports" s WHERE lower(s."name") = lower(v.name));
