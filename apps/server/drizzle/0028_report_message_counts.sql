CREATE TABLE "chat_message_count_changes" (
	"room_id" integer NOT NULL,
	"sender_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"sign" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_message_counts" (
	"organization_id" integer NOT NULL,
	"slice" timestamp with time zone NOT NULL,
	"sender_role" "user_role" NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "chat_message_counts_organization_id_slice_sender_role_pk" PRIMARY KEY("organization_id","slice","sender_role")
);
--> statement-breakpoint
CREATE TABLE "chat_response_runs" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"replied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_message_counts" ADD CONSTRAINT "chat_message_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_response_runs" ADD CONSTRAINT "chat_response_runs_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_response_runs_room_idx" ON "chat_response_runs" USING btree ("room_id","started_at");--> statement-breakpoint
-- Everything below keeps the two report tables (decision 031) from the database itself, on every
-- path that adds, removes or changes a message, a room or a person.
--
-- The slice of an instant: 15 minutes from a UTC midnight.
CREATE FUNCTION chat_message_slice(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
-- Adds each row's sign (+1 for a new message, -1 for one gone) under its sender's current role,
-- or `p_role` when given (a role change moves messages between roles): one grouped upsert, in key
-- order. A row whose room or sender is gone (a removal) adds nothing: that removal took its
-- messages off the counts first. A sender without a role is not counted (no app path makes one).
CREATE FUNCTION chat_message_counts_add(
  p_room integer[], p_sender integer[], p_at timestamptz[], p_sign integer[], p_role user_role[] DEFAULT NULL
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO chat_message_counts AS c (organization_id, slice, sender_role, messages)
  SELECT r.organization_id, chat_message_slice(d.at), coalesce(d.role, u.role), sum(d.sign)::int
  FROM unnest(p_room, p_sender, p_at, p_sign, p_role) AS d(room_id, sender_id, at, sign, role)
  JOIN chat_rooms r ON r.id = d.room_id
  JOIN organizations o ON o.id = r.organization_id
  JOIN users u ON u.id = d.sender_id
  WHERE coalesce(d.role, u.role) IS NOT NULL
  GROUP BY 1, 2, 3 HAVING sum(d.sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, slice, sender_role) DO UPDATE SET messages = c.messages + excluded.messages
$$;
--> statement-breakpoint
-- The WHERE of a statement over one room's rows, one sender's, or all (`t`: the table's alias). A
-- dynamic statement is planned with the value, so `room_id = 7` uses its index.
CREATE FUNCTION chat_message_filter(t text, p_room integer, p_sender integer) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_room IS NOT NULL THEN format('%I.room_id = %s', t, p_room)
    WHEN p_sender IS NOT NULL THEN format('%I.sender_id = %s', t, p_sender)
    ELSE 'true'
  END
$$;
--> statement-breakpoint
-- Moves the changes written so far (of one room or sender, or all) into the counts, in one
-- statement: a change is deleted and counted together, so two folds at once (two nodes) never
-- count one twice. Summed per room, sender and slice first, so a large fold passes short arrays.
CREATE FUNCTION chat_message_counts_fold(p_room integer DEFAULT NULL, p_sender integer DEFAULT NULL)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    WITH moved AS (DELETE FROM chat_message_count_changes c WHERE %s RETURNING room_id, sender_id, created_at, sign),
    summed AS (
      SELECT room_id, sender_id, chat_message_slice(created_at) AS slice, sum(sign)::int AS sign
      FROM moved GROUP BY 1, 2, 3
    )
    SELECT chat_message_counts_add(array_agg(room_id), array_agg(sender_id), array_agg(slice), array_agg(sign))
    FROM summed$q$, chat_message_filter('c', p_room, p_sender));
END $$;
--> statement-breakpoint
-- A kept message's side in a room of school `p_org`: 'C' for a coach, athlete or guardian, 'A'
-- for an admin of the school, null for anyone else (ignored by first response, decision 011).
CREATE FUNCTION chat_message_side(p_role user_role, p_user_org integer, p_org integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN p_role IN ('COACH', 'ATHLETE', 'PARENT') THEN 'C'
    WHEN p_role IN ('SUPER_ADMIN', 'ATHLETIC_DIRECTOR', 'ATHLETIC_ADMINISTRATOR', 'ASSISTANT_ATHLETIC_DIRECTOR')
      AND p_user_org = p_org THEN 'A'
  END
$$;
--> statement-breakpoint
-- Recomputes a DIRECT room's runs from `p_from` on: the runs that start there or later are made
-- again from the messages (a run starts where the previous side is not 'C'), and the replies of
-- those runs and of the run just before are looked up again. Runs that start earlier keep their
-- reply: it came before the next run's start, which is before `p_from`. Appending a message
-- reads a few rows; a change deep in a room's history redoes the rest of that room.
-- Changes to one room wait for each other on the room's row (a send holds it already), so each
-- sees the one before; row locks take no room in the lock table, however many rooms a statement
-- touches.
CREATE FUNCTION chat_response_runs_refresh(p_room integer, p_from timestamptz) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  v_org integer;
  v_before timestamptz;
BEGIN
  SELECT organization_id INTO v_org FROM chat_rooms WHERE id = p_room AND kind = 'DIRECT' FOR NO KEY UPDATE;
  IF NOT FOUND THEN RETURN; END IF;
  DELETE FROM chat_response_runs WHERE room_id = p_room AND started_at >= p_from;
  INSERT INTO chat_response_runs (message_id, room_id, started_at)
  SELECT m.id, m.room_id, m.created_at
  FROM chat_messages m JOIN users mu ON mu.id = m.sender_id
  WHERE m.room_id = p_room AND m.created_at >= p_from AND m.deleted_at IS NULL AND m.message_type <> 'SYSTEM'
    AND mu.role IN ('COACH', 'ATHLETE', 'PARENT')
    AND (SELECT chat_message_side(nu.role, nu.organization_id, v_org)
         FROM chat_messages n JOIN users nu ON nu.id = n.sender_id
         WHERE n.room_id = p_room AND n.deleted_at IS NULL AND n.message_type <> 'SYSTEM'
           AND (n.created_at, n.id) < (m.created_at, m.id)
           AND chat_message_side(nu.role, nu.organization_id, v_org) IS NOT NULL
         ORDER BY n.created_at DESC, n.id DESC LIMIT 1) IS DISTINCT FROM 'C'
  -- A message moved here from another room keeps one row.
  ON CONFLICT (message_id) DO UPDATE SET room_id = excluded.room_id, started_at = excluded.started_at, replied_at = NULL;
  SELECT max(started_at) INTO v_before FROM chat_response_runs WHERE room_id = p_room AND started_at < p_from;
  -- The run just before keeps a reply that came before `p_from`; otherwise its reply, like the
  -- new runs', is the first admin message from `p_from` on. So a long unanswered run (or a room
  -- with no admin) is searched from the change, never again from its start.
  UPDATE chat_response_runs x SET replied_at = (
    SELECT n.created_at
    FROM chat_messages n JOIN users nu ON nu.id = n.sender_id
    WHERE n.room_id = p_room AND n.deleted_at IS NULL AND n.message_type <> 'SYSTEM'
      AND (n.created_at, n.id) > (x.started_at, x.message_id) AND n.created_at >= p_from
      AND chat_message_side(nu.role, nu.organization_id, v_org) = 'A'
    ORDER BY n.created_at, n.id LIMIT 1)
  WHERE x.room_id = p_room AND x.started_at >= coalesce(v_before, p_from)
    AND (x.started_at >= p_from OR x.replied_at IS NULL OR x.replied_at >= p_from);
END $$;
--> statement-breakpoint
-- One trigger function per statement on chat_messages (kept: not deleted, not SYSTEM):
-- - counts: a change row, +1 for each kept new row, -1 for each kept old row (an update whose
--   time, sender, room or kept state changed is both), folded in later;
-- - runs: each room from the earliest kept row added or removed, or, for an update, the earliest
--   row whose time, sender, room or kept state changed (an edit of the text redoes nothing).
CREATE FUNCTION chat_messages_report_tables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    INSERT INTO chat_message_count_changes (room_id, sender_id, created_at, sign)
    SELECT room_id, sender_id, created_at, 1 FROM new_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM';
    PERFORM chat_response_runs_refresh(room_id, min(created_at))
    FROM new_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM' GROUP BY room_id ORDER BY room_id;
  ELSIF tg_op = 'DELETE' THEN
    INSERT INTO chat_message_count_changes (room_id, sender_id, created_at, sign)
    SELECT room_id, sender_id, created_at, -1 FROM old_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM';
    PERFORM chat_response_runs_refresh(room_id, min(created_at))
    FROM old_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM' GROUP BY room_id ORDER BY room_id;
  ELSE
    INSERT INTO chat_message_count_changes (room_id, sender_id, created_at, sign)
    SELECT c.room_id, c.sender_id, c.created_at, c.sign
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      (o.room_id, o.sender_id, o.created_at, -1, o.deleted_at IS NULL AND o.message_type <> 'SYSTEM'),
      (n.room_id, n.sender_id, n.created_at, 1, n.deleted_at IS NULL AND n.message_type <> 'SYSTEM')
    ) AS c(room_id, sender_id, created_at, sign, kept)
    WHERE c.kept AND (o.room_id, o.sender_id, o.created_at, o.deleted_at IS NULL, o.message_type = 'SYSTEM')
      IS DISTINCT FROM (n.room_id, n.sender_id, n.created_at, n.deleted_at IS NULL, n.message_type = 'SYSTEM');
    PERFORM chat_response_runs_refresh(c.room_id, min(c.at))
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.room_id, o.created_at), (n.room_id, n.created_at)) AS c(room_id, at)
    WHERE (o.room_id, o.sender_id, o.created_at, o.deleted_at IS NULL, o.message_type = 'SYSTEM')
      IS DISTINCT FROM (n.room_id, n.sender_id, n.created_at, n.deleted_at IS NULL, n.message_type = 'SYSTEM')
    GROUP BY c.room_id ORDER BY c.room_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_report_insert AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_report_tables();
--> statement-breakpoint
CREATE TRIGGER chat_messages_report_update AFTER UPDATE ON chat_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_report_tables();
--> statement-breakpoint
CREATE TRIGGER chat_messages_report_delete AFTER DELETE ON chat_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_report_tables();
--> statement-breakpoint
-- Adds `p_sign` for each kept message of a room, a sender, or all, after folding their pending
-- changes (so the counts hold every message the statement can see, and what it moves is there).
-- `p_role`: under that role instead of each sender's (a role change). Grouped per room, sender
-- and slice before the upsert; planned with the value, so one room or sender reads its index.
CREATE FUNCTION chat_message_counts_of(p_room integer, p_sender integer, p_sign integer, p_role user_role DEFAULT NULL)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM chat_message_counts_fold(p_room, p_sender);
  EXECUTE format($q$
    SELECT chat_message_counts_add(array_agg(room_id), array_agg(sender_id), array_agg(slice), array_agg(n),
                                   array_agg($2))
    FROM (
      SELECT m.room_id, m.sender_id, chat_message_slice(m.created_at) AS slice, $1 * count(*)::int AS n
      FROM chat_messages m
      WHERE m.deleted_at IS NULL AND m.message_type <> 'SYSTEM' AND %s
      GROUP BY 1, 2, 3
    ) g$q$, chat_message_filter('m', p_room, p_sender)) USING p_sign, p_role;
END $$;
--> statement-breakpoint
-- A room about to go takes its messages off the counts while they can still be joined (its runs
-- go with it by cascade).
CREATE FUNCTION chat_rooms_report_tables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM chat_message_counts_of(old.id, NULL, -1);
  RETURN old;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_rooms_report_tables BEFORE DELETE ON chat_rooms
  FOR EACH ROW EXECUTE FUNCTION chat_rooms_report_tables();
--> statement-breakpoint
-- A person about to go takes their messages off the counts (the messages stay, without a
-- sender, and the update that clears it redoes the runs). A role change moves their counts to
-- the new role, in one statement; a role or school change can move their messages to another
-- side, so it redoes every DIRECT room they belong to, whole (rare, and as long as those rooms).
CREATE FUNCTION users_report_tables() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'DELETE' THEN
    PERFORM chat_message_counts_of(NULL, old.id, -1);
    RETURN old;
  END IF;
  IF old.role IS DISTINCT FROM new.role THEN
    PERFORM chat_message_counts_of(NULL, old.id, -1, old.role);
    IF new.role IS NOT NULL THEN
      PERFORM chat_message_counts_of(NULL, old.id, 1, new.role);
    END IF;
  END IF;
  RETURN new;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_report_tables_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_report_tables();
--> statement-breakpoint
CREATE TRIGGER users_report_tables_role BEFORE UPDATE OF role ON users
  FOR EACH ROW WHEN (old.role IS DISTINCT FROM new.role) EXECUTE FUNCTION users_report_tables();
--> statement-breakpoint
CREATE FUNCTION users_response_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM chat_response_runs_refresh(r.room_id, '-infinity')
  FROM (
    SELECT room_id FROM chat_room_members WHERE user_id = new.id
    UNION SELECT room_id FROM chat_messages WHERE sender_id = new.id
  ) r ORDER BY r.room_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_response_runs AFTER UPDATE OF role, organization_id ON users
  FOR EACH ROW WHEN ((old.role, old.organization_id) IS DISTINCT FROM (new.role, new.organization_id))
  EXECUTE FUNCTION users_response_runs();
--> statement-breakpoint
-- Makes the report tables again from the messages: the backfill of the messages stored before
-- this migration, and a restore (whose loading fired the triggers on rows it then replaced).
CREATE FUNCTION chat_report_tables_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE chat_message_counts, chat_message_count_changes, chat_response_runs;
  PERFORM chat_message_counts_of(NULL, NULL, 1);
  PERFORM chat_response_runs_refresh(id, '-infinity') FROM chat_rooms WHERE kind = 'DIRECT' ORDER BY id;
END $$;
--> statement-breakpoint
SELECT chat_report_tables_rebuild();
