CREATE TYPE "public"."staff_role" AS ENUM('owner', 'cashier', 'support');--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recovery_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" "staff_role";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_codes_user_id_idx" ON "recovery_codes" USING btree ("user_id");--> statement-breakpoint
-- Hand-written (issue 15): every existing admin, the first-start one included, becomes an
-- owner, so the check below holds and nobody loses access they had.
UPDATE "users" SET "role" = 'owner' WHERE "type" = 'admin';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_staff_only" CHECK (("users"."type" = 'admin') = ("users"."role" is not null));