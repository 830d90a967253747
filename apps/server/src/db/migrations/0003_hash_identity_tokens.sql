-- Session tokens and reset-link identifiers are kept as their SHA-256, base64url without padding
-- (decision 0022); the rows written before hold the tokens themselves. Open sessions and unused
-- reset links keep working.
UPDATE "auth_sessions" SET "token" = rtrim(translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/', '-_'), '=');
--> statement-breakpoint
UPDATE "auth_verifications" SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');
