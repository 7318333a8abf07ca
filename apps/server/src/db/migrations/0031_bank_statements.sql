-- Issue 54: bank statements (decision 037). A payment account's statement lines, each stored once (a unique
-- key per account: importing the same or an overlapping file adds nothing twice), with the
-- payment reference read from it in canonical form (canonical_reference, migration 0026, as a
-- bill's). Money rule 13: a credit line backs one bill (bill_id, unique) or one owner's credit of
-- unclaimed money (credit_id, unique, a ledger row whose cause is the line), never both, and
-- once set it never changes (the trigger at the end).
CREATE TYPE "public"."statement_direction" AS ENUM('credit', 'debit');--> statement-breakpoint
CREATE TYPE "public"."statement_format" AS ENUM('csv', 'xlsx', 'mt940');--> statement-breakpoint
ALTER TYPE "public"."transaction_cause" ADD VALUE 'statement_line';--> statement-breakpoint
CREATE TABLE "statement_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payment_type_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"format" "statement_format" NOT NULL,
	"mapping" jsonb,
	"lines_added" integer DEFAULT 0 NOT NULL,
	"lines_known" integer DEFAULT 0 NOT NULL,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "statement_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"import_id" integer NOT NULL,
	"payment_type_id" integer NOT NULL,
	"line_key" text NOT NULL,
	"day" date NOT NULL,
	"day_start" timestamp with time zone NOT NULL,
	"direction" "statement_direction" NOT NULL,
	"amount" bigint NOT NULL,
	"narration" text NOT NULL,
	"reference" text,
	"reference_canonical" text GENERATED ALWAYS AS (canonical_reference(reference)) STORED,
	"balance" bigint,
	"source_line" integer NOT NULL,
	"bill_id" integer,
	"credit_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_lines_amount_positive" CHECK ("statement_lines"."amount" > 0),
	CONSTRAINT "statement_lines_used_once" CHECK ("statement_lines"."bill_id" is null or "statement_lines"."credit_id" is null),
	CONSTRAINT "statement_lines_credit_only" CHECK ("statement_lines"."direction" = 'credit' or ("statement_lines"."bill_id" is null and "statement_lines"."credit_id" is null))
);
--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_credit_id_transactions_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_imports_payment_type_idx" ON "statement_imports" USING btree ("payment_type_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_key_unique" ON "statement_lines" USING btree ("payment_type_id","line_key");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_bill_unique" ON "statement_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_lines_credit_unique" ON "statement_lines" USING btree ("credit_id");--> statement-breakpoint
CREATE INDEX "statement_lines_import_idx" ON "statement_lines" USING btree ("import_id","id");--> statement-breakpoint
CREATE INDEX "statement_lines_open_idx" ON "statement_lines" USING btree ("payment_type_id","reference_canonical") WHERE "statement_lines"."direction" = 'credit' and "statement_lines"."bill_id" is null and "statement_lines"."credit_id" is null;--> statement-breakpoint
CREATE FUNCTION statement_line_used_for_good() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.bill_id IS NOT NULL AND NEW.bill_id IS DISTINCT FROM OLD.bill_id)
     OR (OLD.credit_id IS NOT NULL AND NEW.credit_id IS DISTINCT FROM OLD.credit_id) THEN
    RAISE EXCEPTION 'statement line % already backs a payment: money rule 13', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER statement_lines_used_for_good BEFORE UPDATE OF bill_id, credit_id ON statement_lines
  FOR EACH ROW EXECUTE FUNCTION statement_line_used_for_good();
