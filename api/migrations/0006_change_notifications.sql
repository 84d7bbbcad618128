-- Every replica keeps the hot answers (live sessions, a user's server list) in memory and forgets
-- them when the rows behind them change, whoever changed them: this replica, another one, the
-- purge job or an operator's SQL. Payload: "<schema>|<kind>|<key>", kind session, user, guild or
-- all (TRUNCATE). See api/src/db/change-feed.ts.
CREATE OR REPLACE FUNCTION roconnect_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  kind text := TG_ARGV[0];
  key text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('roconnect_changes', TG_TABLE_SCHEMA || '|all|');
    RETURN NULL;
  END IF;
  IF kind = 'session' THEN
    key := CASE WHEN TG_OP = 'DELETE' THEN OLD.id::text ELSE NEW.id::text END;
  ELSIF kind = 'user' THEN
    key := CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id::text ELSE NEW.user_id::text END;
    -- a membership moved from one user to another changes both lists
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('roconnect_changes', TG_TABLE_SCHEMA || '|user|' || OLD.user_id::text);
    END IF;
  ELSE
    key := CASE WHEN TG_OP = 'DELETE' THEN OLD.id::text ELSE NEW.id::text END;
    IF TG_OP = 'UPDATE' AND OLD.id <> NEW.id THEN
      PERFORM pg_notify('roconnect_changes', TG_TABLE_SCHEMA || '|guild|' || OLD.id::text);
    END IF;
  END IF;
  PERFORM pg_notify('roconnect_changes', TG_TABLE_SCHEMA || '|' || kind || '|' || key);
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION roconnect_notify_change('session');
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION roconnect_notify_change('session');
CREATE TRIGGER user_guilds_changed AFTER INSERT OR UPDATE OR DELETE ON user_guilds
  FOR EACH ROW EXECUTE FUNCTION roconnect_notify_change('user');
CREATE TRIGGER user_guilds_truncated AFTER TRUNCATE ON user_guilds
  FOR EACH STATEMENT EXECUTE FUNCTION roconnect_notify_change('user');
CREATE TRIGGER guilds_changed AFTER UPDATE OR DELETE ON guilds
  FOR EACH ROW EXECUTE FUNCTION roconnect_notify_change('guild');
CREATE TRIGGER guilds_truncated AFTER TRUNCATE ON guilds
  FOR EACH STATEMENT EXECUTE FUNCTION roconnect_notify_change('guild');
