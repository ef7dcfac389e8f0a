-- Indexes of the admin screens' queries (accounts search and filters, ticket sales), for
-- databases of 100,000 accounts and 1,000,000 tickets (`npm run bench:admin` runs those queries).

-- Accounts search: name, email or account number containing the text, case-insensitively
-- (ILIKE '%text%'). Trigram indexes answer that without reading every account. pg_trgm ships
-- with PostgreSQL (a trusted extension, so the database owner may create it); it lives in
-- `public` and its operator class is named with its schema, so a migration run with another
-- search_path finds it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX users_name_trgm_idx ON users USING gin ((first_name || ' ' || last_name) public.gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email public.gin_trgm_ops);
CREATE INDEX users_account_no_trgm_idx ON users USING gin (account_no public.gin_trgm_ops);

-- Accounts filtered by role or by status, in id order (the table's order): a page is a short walk
-- along one of these, its count an index-only scan. (role_id, id) does all that users_role_id_idx
-- (role_id alone) did, so it replaces it.
CREATE INDEX users_role_id_id_idx ON users (role_id, id);
DROP INDEX users_role_id_idx;
CREATE INDEX users_status_id_idx ON users (status, id);

-- Tickets sold per month of a year, and the years with sales.
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE status = 'paid';
-- Tickets sold per organizer (their events' paid orders) use orders_paid_event_idx (event_id, id).
