CREATE TABLE "app_key_fingerprint" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"fingerprint" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_key_fingerprint_one_row" CHECK ("app_key_fingerprint"."id" = 1)
);
