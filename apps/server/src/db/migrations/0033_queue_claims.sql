-- Issue 55 item 2 (decision 039): a staff member's claim on a pending queue item, on each queue's
-- own row, so a decision's conditional UPDATE checks it in the same statement.
ALTER TABLE "bills" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_ids" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "user_ids" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "id_requests" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
ALTER TABLE "id_requests" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ids" ADD CONSTRAINT "user_ids_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_requests" ADD CONSTRAINT "id_requests_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;