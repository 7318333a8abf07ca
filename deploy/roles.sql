-- The two PostgreSQL roles of ID Desk (docs/operations.md, "Database roles"):
--   owner (iddesk_owner): owns the database and its schema, runs the migrations
--                         (`npm run migrate` with DATABASE_OWNER_URL), takes and restores dumps;
--   app   (iddesk_app):   the servers' DATABASE_URL; reads and writes rows, LISTENs and
--                         NOTIFYs, and nothing else: no DDL, no TRUNCATE, no other role's secrets.
-- Run it as a superuser (or your platform's administrator role), connected to the app's
-- database, once; running it again changes nothing (existing roles keep their passwords):
--   psql -v ON_ERROR_STOP=1 -v owner_password='…' -v app_password='…' \
--     -d postgres://postgres@db-host:5432/iddesk -f deploy/roles.sql
-- Other role names: -v owner=… -v app=…  (deploy/compose.yaml runs it at the database's first start)

\set ON_ERROR_STOP on
\if :{?owner}
\else
  \set owner iddesk_owner
\endif
\if :{?app}
\else
  \set app iddesk_app
\endif
\if :{?owner_password}
\else
  do $$ begin raise exception 'deploy/roles.sql: set -v owner_password=…'; end $$;
\endif
\if :{?app_password}
\else
  do $$ begin raise exception 'deploy/roles.sql: set -v app_password=…'; end $$;
\endif

-- The roles. The owner may create a database, for the restore drill's copy.
select format('create role %I login createdb password %L', :'owner', :'owner_password')
 where not exists (select from pg_roles where rolname = :'owner') \gexec
select format('create role %I login password %L', :'app', :'app_password')
 where not exists (select from pg_roles where rolname = :'app') \gexec

-- The owner owns the database and the schema; nobody else may create anything in it.
select format('alter database %I owner to %I', current_database(), :'owner') \gexec
select format('alter schema public owner to %I', :'owner') \gexec
revoke create on schema public from public;
select format('grant usage on schema public to %I', :'app') \gexec

-- What the migrations create from now on: rows to read and write for the app, nothing more.
select format('alter default privileges for role %I in schema public grant select, insert, update, delete on tables to %I', :'owner', :'app') \gexec
select format('alter default privileges for role %I in schema public grant usage on sequences to %I', :'owner', :'app') \gexec
select format('alter default privileges for role %I in schema public grant execute on functions to %I', :'owner', :'app') \gexec
-- Drizzle's record of the applied migrations (schema `drizzle`): read only, so a server can see
-- that none is missing before it starts.
select format('alter default privileges for role %I grant usage on schemas to %I', :'owner', :'app') \gexec
select format('alter default privileges for role %I grant select on tables to %I', :'owner', :'app') \gexec

-- What exists already (a database that ran as one role before; see docs/operations.md).
select format('grant select, insert, update, delete on all tables in schema public to %I', :'app') \gexec
select format('grant usage on all sequences in schema public to %I', :'app') \gexec
select format('grant execute on all functions in schema public to %I', :'app') \gexec
select format('grant usage on schema drizzle to %I', :'app')
 where exists (select from pg_namespace where nspname = 'drizzle') \gexec
select format('grant select on all tables in schema drizzle to %I', :'app')
 where exists (select from pg_namespace where nspname = 'drizzle') \gexec
