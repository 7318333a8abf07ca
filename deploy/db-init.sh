#!/bin/sh
# Run by the postgres image once, when it creates the database (deploy/compose.yaml mounts it
# in /docker-entrypoint-initdb.d): the owner and app roles of deploy/roles.sql.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v owner_password="$DATABASE_OWNER_PASSWORD" -v app_password="$DATABASE_APP_PASSWORD" \
  -f /iddesk/roles.sql
