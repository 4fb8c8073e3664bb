ALTER TABLE "chat_rooms" ADD COLUMN "pinned_message_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "pinned_by" integer;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_pinned_message_id_chat_messages_id_fk" FOREIGN KEY ("pinned_message_id") REFERENCES "public"."chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_pinned_by_users_id_fk" FOREIGN KEY ("pinned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;