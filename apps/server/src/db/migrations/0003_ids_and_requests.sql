CREATE TYPE "public"."user_id_status" AS ENUM('pending', 'active', 'rejected', 'closed');--> statement-breakpoint
CREATE TYPE "public"."pay_from" AS ENUM('wallet', 'payment');--> statement-breakpoint
CREATE TYPE "public"."request_type" AS ENUM('create', 'deposit', 'withdraw', 'close', 'change_password');--> statement-breakpoint
CREATE TABLE "catalogue_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogue_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"website" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_key" text NOT NULL,
	"min_deposit" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"demo_login" text,
	"demo_password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_items_min_deposit_positive" CHECK ("catalogue_items"."min_deposit" > 0)
);
--> statement-breakpoint
CREATE TABLE "user_ids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_ids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"username" text NOT NULL,
	"status" "user_id_status" DEFAULT 'pending' NOT NULL,
	"login_sealed" text,
	"password_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "id_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "id_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"type" "request_type" NOT NULL,
	"status" "approval_status" DEFAULT 'pending' NOT NULL,
	"amount" bigint,
	"confirmed_amount" bigint,
	"pay_from" "pay_from",
	"payment_type_id" integer,
	"reference" text,
	"proof_key" text,
	"password_sealed" text,
	"comment" text,
	"handled_by" integer,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_requests_amount_positive" CHECK ("id_requests"."amount" IS NULL OR "id_requests"."amount" > 0),
	CONSTRAINT "id_requests_confirmed_amount_non_negative" CHECK ("id_requests"."confirmed_amount" IS NULL OR "id_requests"."confirmed_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "catalogue_items" ADD CONSTRAINT "catalogue_items_logo_key_uploads_key_fk" FOREIGN KEY ("logo_key") REFERENCES "public"."uploads"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ids" ADD CONSTRAINT "user_ids_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ids" ADD CONSTRAINT "user_ids_item_id_catalogue_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_requests" ADD CONSTRAINT "id_requests_user_id_id_user_ids_id_fk" FOREIGN KEY ("user_id_id") REFERENCES "public"."user_ids"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_requests" ADD CONSTRAINT "id_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_requests" ADD CONSTRAINT "id_requests_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_requests" ADD CONSTRAINT "id_requests_proof_key_uploads_key_fk" FOREIGN KEY ("proof_key") REFERENCES "public"."uploads"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_requests" ADD CONSTRAINT "id_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_ids_status_idx" ON "user_ids" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "user_ids_user_id_idx" ON "user_ids" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_ids_item_id_idx" ON "user_ids" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "id_requests_status_idx" ON "id_requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "id_requests_user_id_id_idx" ON "id_requests" USING btree ("user_id_id","id");--> statement-breakpoint
CREATE INDEX "id_requests_user_id_idx" ON "id_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "id_requests_one_create" ON "id_requests" USING btree ("user_id_id") WHERE "id_requests"."type" = 'create';--> statement-breakpoint
CREATE UNIQUE INDEX "id_requests_one_pending_per_kind" ON "id_requests" USING btree ("user_id_id","type") WHERE "id_requests"."status" = 'pending' AND "id_requests"."type" IN ('close', 'change_password');