CREATE TABLE "upload_lookalikes" (
	"key" text NOT NULL,
	"other_key" text NOT NULL,
	"distance" integer NOT NULL,
	CONSTRAINT "upload_lookalikes_pk" PRIMARY KEY("key","other_key")
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "phash" bigint;--> statement-breakpoint
ALTER TABLE "upload_lookalikes" ADD CONSTRAINT "upload_lookalikes_key_uploads_key_fk" FOREIGN KEY ("key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_lookalikes" ADD CONSTRAINT "upload_lookalikes_other_key_uploads_key_fk" FOREIGN KEY ("other_key") REFERENCES "public"."uploads"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "bills_reference_idx" ON "bills" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "bills_proof_key_idx" ON "bills" USING btree ("proof_key");--> statement-breakpoint
CREATE INDEX "bills_status_created_at_idx" ON "bills" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "bills_status_amount_idx" ON "bills" USING btree ("status","amount");--> statement-breakpoint
CREATE INDEX "bills_payment_type_status_idx" ON "bills" USING btree ("payment_type_id","status","id");--> statement-breakpoint
CREATE INDEX "bills_status_handled_at_idx" ON "bills" USING btree ("status","handled_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_at_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_handled_at_idx" ON "withdrawals" USING btree ("status","handled_at");--> statement-breakpoint
CREATE INDEX "id_requests_reference_idx" ON "id_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "id_requests_proof_key_idx" ON "id_requests" USING btree ("proof_key");--> statement-breakpoint
CREATE INDEX "id_requests_status_handled_at_idx" ON "id_requests" USING btree ("status","handled_at");