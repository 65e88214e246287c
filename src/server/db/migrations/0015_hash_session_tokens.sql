-- Custom SQL migration file, put your code below! --
-- hand-written: session tokens are stored as their SHA-256 in hex (session.tokens.ts, ADR 005).
-- Existing sessions are hashed in place, so nobody is signed out: sha256() is built into
-- PostgreSQL (11 and later) and PGlite, no pgcrypto needed. Tokens better-auth makes are 32
-- letters and digits, never 64 hex digits: a row already hashed is left alone.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex')
WHERE "token" !~ '^[0-9a-f]{64}$';
