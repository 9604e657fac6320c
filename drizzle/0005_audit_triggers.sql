-- Issue 12 §11, ADR 014: every change an admin makes to these tables is recorded in audit_log by
-- the database itself, so no admin action can forget to log. The actor (id, email, IP) comes from
-- the connection setting lernhaus.actor, which the app sets only on the connections an admin's
-- (or a signed-in learner's own) request uses; public submissions, the mail worker and retention
-- run without it and are not logged. Only column names are recorded, never values: the log must
-- not keep personal data that an erasure removed.
CREATE FUNCTION audit_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := nullif(current_setting('lernhaus.actor', true), '')::jsonb;
  changed text[];
  row_id text;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
      FROM jsonb_each(to_jsonb(NEW)) n JOIN jsonb_each(to_jsonb(OLD)) o USING (key)
      WHERE n.value IS DISTINCT FROM o.value AND n.key <> 'updated_at';
    -- A save that changed nothing (the same form posted twice) is not an event.
    IF cardinality(changed) = 0 THEN
      RETURN NULL;
    END IF;
    row_id := to_jsonb(NEW) ->> 'id';
  ELSIF TG_OP = 'INSERT' THEN
    SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
      FROM jsonb_each(to_jsonb(NEW)) n
      WHERE n.value <> 'null'::jsonb AND n.key NOT IN ('id', 'created_at', 'updated_at');
    row_id := to_jsonb(NEW) ->> 'id';
  ELSE
    changed := '{}';
    row_id := to_jsonb(OLD) ->> 'id';
  END IF;
  INSERT INTO audit_log (actor_id, actor_email, ip, entity, entity_id, action, changed_fields)
    VALUES (actor ->> 'id', actor ->> 'email', actor ->> 'ip', TG_TABLE_NAME, row_id,
            lower(TG_OP), changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  audited text;
BEGIN
  FOREACH audited IN ARRAY ARRAY[
    'user', 'courses', 'posts', 'contact_config', 'about_info', 'stats', 'team_members',
    'core_values', 'milestones', 'testimonials', 'enrollments', 'enrollment_notes',
    'contact_messages', 'message_replies', 'newsletter_subscribers', 'email_outbox',
    'school_settings'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION audit_row_change()',
      audited || '_audit', audited);
  END LOOP;
END
$$;
--> statement-breakpoint
-- The log is append-only: an entry can expire (retention) but never be rewritten.
CREATE FUNCTION audit_log_refuse_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log entries cannot be changed';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_update();
