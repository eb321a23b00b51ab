-- Live in-app notifications: the header's unread count and the notification list follow changes
-- over Server-Sent Events (GET /Notifications/Stream). These triggers announce on the channel
-- notification_changed whose notifications changed, as '<tenant>|<user id>'. PostgreSQL delivers
-- the notice at commit to every listening session, i.e. to every server process, which wakes that
-- user's open streams; a stream then reads the rows itself under the tenant's RLS (the notice
-- carries no content). A trigger rather than a call in the code: every writer is covered (request
-- handlers, the reminder job, operator commands, a hand-written INSERT), and a rolled-back write
-- announces nothing. Notices of one transaction with the same payload are merged by PostgreSQL.

CREATE OR REPLACE FUNCTION notification_changed_new() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notification_changed', t || '|' || u)
    FROM (SELECT DISTINCT tenant_id AS t, user_id AS u FROM new_rows) x;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION notification_changed_old() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notification_changed', t || '|' || u)
    FROM (SELECT DISTINCT tenant_id AS t, user_id AS u FROM old_rows) x;
  RETURN NULL;
END $$;

-- New notifications, and reads and deletions (the unread count of the user's other tabs and
-- devices follows). Statement-level with transition tables: one notice per user per statement.
CREATE TRIGGER notifications_changed_ins AFTER INSERT ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_changed_new();
CREATE TRIGGER notifications_changed_upd AFTER UPDATE ON notifications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_changed_new();
CREATE TRIGGER notifications_changed_del AFTER DELETE ON notifications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_changed_old();
