CREATE TABLE "telegram_link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_link_codes_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_links" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"name" text,
	"staff" boolean DEFAULT false NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_links_chat_id_unique" UNIQUE("chat_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"chat_id" bigint,
	"texts" jsonb NOT NULL,
	"link" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_outbox_recipient" CHECK ("telegram_outbox"."user_id" is not null or "telegram_outbox"."chat_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "telegram_queue_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "telegram_queue_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_links_staff_idx" ON "telegram_links" USING btree ("user_id") WHERE "telegram_links"."staff";--> statement-breakpoint
CREATE INDEX "telegram_outbox_due_idx" ON "telegram_outbox" USING btree ("due_at","id");--> statement-breakpoint
-- Issue 55 item 3: a new item in a staff queue is noted for Telegram in the transaction that
-- files it, for every writer and every path, only while some staff account has a linked chat
-- (one index probe otherwise). The servers' senders turn each note into the messages of the
-- staff whose role may see the queue (modules/telegram).
CREATE FUNCTION iddesk_telegram_queue_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM telegram_links WHERE staff) THEN
    INSERT INTO telegram_queue_alerts (queue, item_id) VALUES (TG_ARGV[0], NEW.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bills_telegram_alert AFTER INSERT ON bills
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION iddesk_telegram_queue_alert('bills');
--> statement-breakpoint
CREATE TRIGGER withdrawals_telegram_alert AFTER INSERT ON withdrawals
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION iddesk_telegram_queue_alert('withdrawals');
--> statement-breakpoint
-- A new ID's own request (`create`) is told through the new-ID queue below.
CREATE TRIGGER id_requests_telegram_alert AFTER INSERT ON id_requests
  FOR EACH ROW WHEN (NEW.status = 'pending' AND NEW.type <> 'create')
  EXECUTE FUNCTION iddesk_telegram_queue_alert('requests');
--> statement-breakpoint
CREATE TRIGGER user_ids_telegram_alert AFTER INSERT ON user_ids
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION iddesk_telegram_queue_alert('new_ids');
