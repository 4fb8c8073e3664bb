CREATE TYPE "public"."identity_account_status" AS ENUM('UNCONFIRMED', 'CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED');--> statement-breakpoint
CREATE TYPE "public"."identity_code_purpose" AS ENUM('CONFIRM_SIGN_UP', 'RESET_PASSWORD');--> statement-breakpoint
CREATE TABLE "identity_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"sub" uuid DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"status" "identity_account_status" NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"srp_salt" text NOT NULL,
	"srp_verifier" text NOT NULL,
	"password_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_accounts_sub_unique" UNIQUE("sub")
);
--> statement-breakpoint
CREATE TABLE "identity_challenges" (
	"id_hash" varchar(64) PRIMARY KEY NOT NULL,
	"account_id" integer,
	"name" varchar(40) NOT NULL,
	"state" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"purpose" "identity_code_purpose" NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_keys" (
	"kid" varchar(64) PRIMARY KEY NOT NULL,
	"private_key" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"client_id" varchar(128) NOT NULL,
	"auth_time" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"text" text NOT NULL,
	"kind" varchar(40) NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_sub" uuid;--> statement-breakpoint
ALTER TABLE "identity_challenges" ADD CONSTRAINT "identity_challenges_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_codes" ADD CONSTRAINT "identity_codes_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD CONSTRAINT "identity_refresh_tokens_session_id_identity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."identity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_accounts_email_key" ON "identity_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "identity_codes_account_idx" ON "identity_codes" USING btree ("account_id","purpose");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_session_idx" ON "identity_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "identity_sessions_account_idx" ON "identity_sessions" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_identity_sub_unique" UNIQUE("identity_sub");