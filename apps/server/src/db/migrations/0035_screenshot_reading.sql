-- Issue 54 item 5: what a bill's screenshot says (its amount and payment reference), read by OCR
-- after the answer (modules/bills readScreenshot). Null until read; pending bills not read yet
-- (from before this migration too) are read when a server starts.
ALTER TABLE "bills" ADD COLUMN "screenshot_amount" bigint;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "screenshot_reference" text;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "screenshot_read_at" timestamp with time zone;
