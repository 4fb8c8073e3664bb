ALTER TABLE "chat_room_members" ADD COLUMN "muted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD COLUMN "muted_until" timestamp with time zone;