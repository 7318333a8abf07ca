ALTER TABLE "transactions" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "description_values" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "message_values" jsonb;--> statement-breakpoint
-- Backfill (issue 56): the key and values of rows written before, read back from their text in
-- English or Hindi; a row whose text matches no message keeps only its text.
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.addFunds', "description_values" = jsonb_build_object('method', m[1], 'reference', m[2])
FROM (SELECT "id", regexp_match("description", '^Add funds via (.+?) \(ref\. (.+?)\)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.withdrawalToUpi', "description_values" = jsonb_build_object('upi', m[1])
FROM (SELECT "id", regexp_match("description", '^Withdrawal to UPI (.+?)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.withdrawalToBank', "description_values" = jsonb_build_object('last4', m[1])
FROM (SELECT "id", regexp_match("description", '^Withdrawal to bank account ••••(.+?)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.newId', "description_values" = jsonb_build_object('site', m[1], 'username', m[2])
FROM (SELECT "id", regexp_match("description", '^New ID on (.+?) \((.+?)\)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.idDeposit', "description_values" = jsonb_build_object('site', m[1], 'username', m[2])
FROM (SELECT "id", regexp_match("description", '^Deposit into (.+?) ID (.+?)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.idWithdrawal', "description_values" = jsonb_build_object('request', m[1])
FROM (SELECT "id", regexp_match("description", '^Withdrawal from ID \(request #(.+?)\)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.idClosed', "description_values" = jsonb_build_object('request', m[1])
FROM (SELECT "id", regexp_match("description", '^Balance of closed ID \(request #(.+?)\)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.adminDeposit', "description_values" = jsonb_build_object('comment', m[1])
FROM (SELECT "id", regexp_match("description", '^Deposit by admin: (.+?)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.adminWithdrawal', "description_values" = jsonb_build_object('comment', m[1])
FROM (SELECT "id", regexp_match("description", '^Withdrawal by admin: (.+?)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.addFunds', "description_values" = jsonb_build_object('method', m[1], 'reference', m[2])
FROM (SELECT "id", regexp_match("description", '^(.+?) से पैसे जोड़े \(रेफ़\. (.+?)\)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.withdrawalToUpi', "description_values" = jsonb_build_object('upi', m[1])
FROM (SELECT "id", regexp_match("description", '^UPI (.+?) पर निकासी$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.withdrawalToBank', "description_values" = jsonb_build_object('last4', m[1])
FROM (SELECT "id", regexp_match("description", '^बैंक खाते ••••(.+?) में निकासी$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.newId', "description_values" = jsonb_build_object('site', m[1], 'username', m[2])
FROM (SELECT "id", regexp_match("description", '^(.+?) पर नई ID \((.+?)\)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.idDeposit', "description_values" = jsonb_build_object('site', m[1], 'username', m[2])
FROM (SELECT "id", regexp_match("description", '^(.+?) की ID (.+?) में जमा$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.idWithdrawal', "description_values" = jsonb_build_object('request', m[1])
FROM (SELECT "id", regexp_match("description", '^ID से निकासी \(अनुरोध #(.+?)\)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.idClosed', "description_values" = jsonb_build_object('request', m[1])
FROM (SELECT "id", regexp_match("description", '^बंद हुई ID का बैलेंस \(अनुरोध #(.+?)\)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.adminDeposit', "description_values" = jsonb_build_object('comment', m[1])
FROM (SELECT "id", regexp_match("description", '^एडमिन ने जमा किए: (.+?)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "transactions" t SET "description_key" = 'api.ledger.entry.adminWithdrawal', "description_values" = jsonb_build_object('comment', m[1])
FROM (SELECT "id", regexp_match("description", '^एडमिन ने निकाले: (.+?)$') AS m FROM "transactions" WHERE "description_key" IS NULL) x
WHERE x."id" = t."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.billApproved', "message_values" = jsonb_build_object('amount', m[1], 'id', m[2])
FROM (SELECT "id", regexp_match("body", '^Your top-up of (.+?) \(bill #(.+?)\) was approved and is now in your balance\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.billRejected', "message_values" = jsonb_build_object('amount', m[1], 'id', m[2]) || CASE WHEN m[3] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[3]) END
FROM (SELECT "id", regexp_match("body", '^Your top-up of (.+?) \(bill #(.+?)\) was rejected\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.withdrawalApproved', "message_values" = jsonb_build_object('amount', m[1], 'id', m[2])
FROM (SELECT "id", regexp_match("body", '^Your withdrawal of (.+?) \(#(.+?)\) has been paid out\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.withdrawalRejected', "message_values" = jsonb_build_object('amount', m[1], 'id', m[2]) || CASE WHEN m[3] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[3]) END
FROM (SELECT "id", regexp_match("body", '^Your withdrawal of (.+?) \(#(.+?)\) was rejected and the amount is back in your balance\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.balanceCredited', "message_values" = jsonb_build_object('amount', m[1]) || CASE WHEN m[2] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[2]) END
FROM (SELECT "id", regexp_match("body", '^Our desk added (.+?) to your balance\.(?: Note: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.balanceDebited', "message_values" = jsonb_build_object('amount', m[1]) || CASE WHEN m[2] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[2]) END
FROM (SELECT "id", regexp_match("body", '^Our desk took (.+?) from your balance\.(?: Note: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.unblocked', "message_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("body", '^Your account is active again\. Welcome back!(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.idApproved', "message_values" = jsonb_build_object('name', m[1])
FROM (SELECT "id", regexp_match("body", '^Your (.+?) ID was approved\. Open it to see the login and password\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.idRejected', "message_values" = jsonb_build_object('name', m[1]) || CASE WHEN m[2] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[2]) END
FROM (SELECT "id", regexp_match("body", '^Your request for a (.+?) ID was rejected\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.wrongCodes', "message_values" = jsonb_build_object('count', m[1], 'ip', m[2])
FROM (SELECT "id", regexp_match("body", '^(.+?) wrong two-step codes were entered for your account after your correct password, from (.+?)\. If this was not you, someone knows your password: change it now\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.wrongCodesStaff', "message_values" = jsonb_build_object('count', m[1], 'name', m[2], 'email', m[3], 'ip', m[4])
FROM (SELECT "id", regexp_match("body", '^(.+?) wrong two-step codes were entered for (.+?) \((.+?)\) after their correct password, from (.+?)\. If it was not them, someone knows their password: disable the account on the Staff page, or ask them to change it\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.billApproved', "message_values" = jsonb_build_object('amount', m[1], 'id', m[2])
FROM (SELECT "id", regexp_match("body", '^आपका (.+?) का टॉप-अप \(बिल #(.+?)\) मंज़ूर हो गया है और अब आपके बैलेंस में है।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.billRejected', "message_values" = jsonb_build_object('amount', m[1], 'id', m[2]) || CASE WHEN m[3] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[3]) END
FROM (SELECT "id", regexp_match("body", '^आपका (.+?) का टॉप-अप \(बिल #(.+?)\) नामंज़ूर कर दिया गया।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.withdrawalApproved', "message_values" = jsonb_build_object('amount', m[1], 'id', m[2])
FROM (SELECT "id", regexp_match("body", '^आपकी (.+?) की निकासी \(#(.+?)\) का भुगतान कर दिया गया है।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.withdrawalRejected', "message_values" = jsonb_build_object('amount', m[1], 'id', m[2]) || CASE WHEN m[3] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[3]) END
FROM (SELECT "id", regexp_match("body", '^आपकी (.+?) की निकासी \(#(.+?)\) नामंज़ूर कर दी गई और रकम आपके बैलेंस में वापस आ गई है।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.balanceCredited', "message_values" = jsonb_build_object('amount', m[1]) || CASE WHEN m[2] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[2]) END
FROM (SELECT "id", regexp_match("body", '^हमारी टीम ने आपके बैलेंस में (.+?) जोड़े हैं।(?: नोट: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.balanceDebited', "message_values" = jsonb_build_object('amount', m[1]) || CASE WHEN m[2] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[2]) END
FROM (SELECT "id", regexp_match("body", '^हमारी टीम ने आपके बैलेंस से (.+?) काटे हैं।(?: नोट: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.unblocked', "message_values" = '{}'::jsonb
FROM (SELECT "id", regexp_match("body", '^आपका खाता फिर से चालू हो गया है। आपका फिर से स्वागत है!(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.idApproved', "message_values" = jsonb_build_object('name', m[1])
FROM (SELECT "id", regexp_match("body", '^आपकी (.+?) ID मंज़ूर हो गई है। लॉगिन और पासवर्ड देखने के लिए इसे खोलें।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.idRejected', "message_values" = jsonb_build_object('name', m[1]) || CASE WHEN m[2] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[2]) END
FROM (SELECT "id", regexp_match("body", '^(.+?) ID के लिए आपका अनुरोध नामंज़ूर कर दिया गया।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.wrongCodes', "message_values" = jsonb_build_object('ip', m[1], 'count', m[2])
FROM (SELECT "id", regexp_match("body", '^आपके सही पासवर्ड के बाद आपके खाते के लिए (.+?) से दो-चरण साइन-इन के (.+?) गलत कोड डाले गए। अगर यह आप नहीं थे, तो कोई आपका पासवर्ड जानता है: उसे अभी बदलें।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.wrongCodesStaff', "message_values" = jsonb_build_object('name', m[1], 'email', m[2], 'ip', m[3], 'count', m[4])
FROM (SELECT "id", regexp_match("body", '^(.+?) \((.+?)\) के सही पासवर्ड के बाद (.+?) से दो-चरण साइन-इन के (.+?) गलत कोड डाले गए। अगर यह वे नहीं थे, तो कोई उनका पासवर्ड जानता है: स्टाफ़ पेज पर खाता बंद करें, या उनसे पासवर्ड बदलने को कहें।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.request.approved', "message_values" = jsonb_build_object('type', CASE m[1] WHEN 'deposit' THEN 'deposit' WHEN 'withdrawal' THEN 'withdraw' WHEN 'request to close the ID' THEN 'close' WHEN 'password change' THEN 'change_password' END, 'amount', coalesce(m[2], 'none'), 'name', m[3], 'id', m[4]) || CASE WHEN m[5] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[5]) END
FROM (SELECT "id", regexp_match("body", '^Your (deposit|withdrawal|request to close the ID|password change)(?: of (.+?))? on (.+?) \(request #([0-9]+)\) was approved\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.request.approved', "message_values" = jsonb_build_object('type', CASE m[3] WHEN 'डिपॉज़िट' THEN 'deposit' WHEN 'निकासी' THEN 'withdraw' WHEN 'ID बंद करना' THEN 'close' WHEN 'पासवर्ड बदलना' THEN 'change_password' END, 'amount', coalesce(m[4], 'none'), 'name', m[1], 'id', m[2]) || CASE WHEN m[5] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[5]) END
FROM (SELECT "id", regexp_match("body", '^(.+?) पर आपका अनुरोध #([0-9]+) \((डिपॉज़िट|निकासी|ID बंद करना|पासवर्ड बदलना)(?:, (.+?))?\) मंज़ूर हो गया है।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.request.rejected', "message_values" = jsonb_build_object('type', CASE m[1] WHEN 'deposit' THEN 'deposit' WHEN 'withdrawal' THEN 'withdraw' WHEN 'request to close the ID' THEN 'close' WHEN 'password change' THEN 'change_password' END, 'amount', coalesce(m[2], 'none'), 'name', m[3], 'id', m[4]) || CASE WHEN m[5] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[5]) END
FROM (SELECT "id", regexp_match("body", '^Your (deposit|withdrawal|request to close the ID|password change)(?: of (.+?))? on (.+?) \(request #([0-9]+)\) was rejected\.(?: Reason: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
--> statement-breakpoint
UPDATE "notifications" n SET "message_key" = 'notices.request.rejected', "message_values" = jsonb_build_object('type', CASE m[3] WHEN 'डिपॉज़िट' THEN 'deposit' WHEN 'निकासी' THEN 'withdraw' WHEN 'ID बंद करना' THEN 'close' WHEN 'पासवर्ड बदलना' THEN 'change_password' END, 'amount', coalesce(m[4], 'none'), 'name', m[1], 'id', m[2]) || CASE WHEN m[5] IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('comment', m[5]) END
FROM (SELECT "id", regexp_match("body", '^(.+?) पर आपका अनुरोध #([0-9]+) \((डिपॉज़िट|निकासी|ID बंद करना|पासवर्ड बदलना)(?:, (.+?))?\) नामंज़ूर कर दिया गया है।(?: कारण: (.*))?$') AS m FROM "notifications" WHERE "message_key" IS NULL) x
WHERE x."id" = n."id" AND x.m IS NOT NULL;
