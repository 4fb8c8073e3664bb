-- Before this index, two people opening a team's chat at once could each create its room.
-- Any such twins are merged into the oldest room (messages, files and members move) first.
CREATE TEMP TABLE "team_room_twins" AS
  SELECT "id", min("id") OVER (PARTITION BY "team_id") AS "keep"
  FROM "chat_rooms" WHERE "kind" = 'TEAM' AND "team_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "chat_messages" m SET "room_id" = t."keep" FROM "team_room_twins" t WHERE m."room_id" = t."id" AND t."id" <> t."keep";
--> statement-breakpoint
UPDATE "chat_attachments" a SET "room_id" = t."keep" FROM "team_room_twins" t WHERE a."room_id" = t."id" AND t."id" <> t."keep";
--> statement-breakpoint
INSERT INTO "chat_room_members" ("room_id", "user_id", "reason", "unread_count", "joined_at")
  SELECT t."keep", m."user_id", m."reason", m."unread_count", m."joined_at"
  FROM "chat_room_members" m JOIN "team_room_twins" t ON t."id" = m."room_id" WHERE t."id" <> t."keep"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "chat_rooms" r USING "team_room_twins" t WHERE r."id" = t."id" AND t."id" <> t."keep";
--> statement-breakpoint
DROP TABLE "team_room_twins";
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_team_room_key" ON "chat_rooms" USING btree ("team_id") WHERE kind = 'TEAM';
--> statement-breakpoint
-- Sport names were kept unique ignoring case by a check before insert; now the database keeps them so.
CREATE UNIQUE INDEX "sports_name_lower_key" ON "sports" USING btree (lower("name"));
