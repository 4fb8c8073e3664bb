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
-- The slice of an instant: 15 minutes from a UTC midnight (decision 031).
CREATE FUNCTION chat_message_slice(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') $$;
--> statement-breakpoint
-- Adds each row's sign (+1 for a new row, -1 for an old one) to its school's, slice's and
-- sender's current role's count: one upsert per statement, so a bulk insert is one grouped write,
-- in key order, so parallel statements cannot deadlock. A row whose room or sender is gone (a
-- cascade under way) adds nothing: that room's or user's removal took its messages off first.
CREATE FUNCTION chat_message_counts_add(p_room integer[], p_sender integer[], p_at timestamptz[], p_sign integer[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO chat_message_counts AS c (organization_id, slice, sender_role, messages)
  SELECT r.organization_id, chat_message_slice(d.at), u.role, sum(d.sign)::int
  FROM unnest(p_room, p_sender, p_at, p_sign) AS d(room_id, sender_id, at, sign)
  JOIN chat_rooms r ON r.id = d.room_id
  JOIN users u ON u.id = d.sender_id
  GROUP BY 1, 2, 3 HAVING sum(d.sign) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, slice, sender_role) DO UPDATE SET messages = c.messages + excluded.messages
$$;
--> statement-breakpoint
-- Kept messages only: not deleted, not SYSTEM (as the report has always counted).
CREATE FUNCTION chat_messages_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    PERFORM chat_message_counts_add(array_agg(room_id), array_agg(sender_id), array_agg(created_at), array_agg(1))
    FROM new_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM';
  ELSIF tg_op = 'DELETE' THEN
    PERFORM chat_message_counts_add(array_agg(room_id), array_agg(sender_id), array_agg(created_at), array_agg(-1))
    FROM old_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM';
  ELSE
    PERFORM chat_message_counts_add(array_agg(room_id), array_agg(sender_id), array_agg(created_at), array_agg(sign))
    FROM (
      SELECT room_id, sender_id, created_at, -1 AS sign FROM old_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM'
      UNION ALL
      SELECT room_id, sender_id, created_at, 1 FROM new_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM'
    ) d;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_messages_count_insert AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_count();
--> statement-breakpoint
CREATE TRIGGER chat_messages_count_update AFTER UPDATE ON chat_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_count();
--> statement-breakpoint
CREATE TRIGGER chat_messages_count_delete AFTER DELETE ON chat_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_count();
--> statement-breakpoint
-- Moves the kept messages of a set (a room's, a sender's) by `sign` under `role` (null: each
-- sender's current role). Used before a room or user goes and when a role changes; a school
-- being removed (its rows go by cascade) is skipped.
CREATE FUNCTION chat_message_counts_move(p_room integer, p_sender integer, p_role user_role, p_sign integer)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO chat_message_counts AS c (organization_id, slice, sender_role, messages)
  SELECT r.organization_id, chat_message_slice(m.created_at), coalesce(p_role, u.role), p_sign * count(*)::int
  FROM chat_messages m
  JOIN chat_rooms r ON r.id = m.room_id
  JOIN organizations o ON o.id = r.organization_id
  JOIN users u ON u.id = m.sender_id
  WHERE m.deleted_at IS NULL AND m.message_type <> 'SYSTEM'
    AND (p_room IS NULL OR m.room_id = p_room) AND (p_sender IS NULL OR m.sender_id = p_sender)
  GROUP BY 1, 2, 3
  ON CONFLICT (organization_id, slice, sender_role) DO UPDATE SET messages = c.messages + excluded.messages
$$;
--> statement-breakpoint
CREATE FUNCTION chat_rooms_uncount() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM chat_message_counts_move(old.id, NULL, NULL, -1);
  RETURN old;
END $$;
--> statement-breakpoint
CREATE TRIGGER chat_rooms_uncount BEFORE DELETE ON chat_rooms
  FOR EACH ROW EXECUTE FUNCTION chat_rooms_uncount();
--> statement-breakpoint
CREATE FUNCTION users_message_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM chat_message_counts_move(NULL, old.id, old.role, -1);
  IF tg_op = 'UPDATE' THEN
    PERFORM chat_message_counts_move(NULL, old.id, new.role, 1);
    RETURN new;
  END IF;
  RETURN old;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_message_counts_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_message_counts();
--> statement-breakpoint
CREATE TRIGGER users_message_counts_role BEFORE UPDATE OF role ON users
  FOR EACH ROW WHEN (old.role IS DISTINCT FROM new.role) EXECUTE FUNCTION users_message_counts();
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
-- touches one or two rows; a change deep in a room's history redoes the rest of that room.
CREATE FUNCTION chat_response_runs_refresh(p_room integer, p_from timestamptz) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  v_org integer;
  v_before timestamptz;
BEGIN
  SELECT organization_id INTO v_org FROM chat_rooms WHERE id = p_room AND kind = 'DIRECT';
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
         ORDER BY n.created_at DESC, n.id DESC LIMIT 1) IS DISTINCT FROM 'C';
  SELECT max(started_at) INTO v_before FROM chat_response_runs WHERE room_id = p_room AND started_at < p_from;
  UPDATE chat_response_runs x SET replied_at = (
    SELECT n.created_at
    FROM chat_messages n JOIN users nu ON nu.id = n.sender_id
    WHERE n.room_id = p_room AND n.deleted_at IS NULL AND n.message_type <> 'SYSTEM'
      AND (n.created_at, n.id) > (x.started_at, x.message_id)
      AND chat_message_side(nu.role, nu.organization_id, v_org) = 'A'
    ORDER BY n.created_at, n.id LIMIT 1)
  WHERE x.room_id = p_room AND x.started_at >= coalesce(v_before, p_from);
END $$;
--> statement-breakpoint
-- Which rooms a statement on chat_messages touched, and from when: kept rows added or removed,
-- or rows whose time, sender, room or kept state changed.
CREATE FUNCTION chat_messages_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    PERFORM chat_response_runs_refresh(room_id, min(created_at))
    FROM new_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM' GROUP BY room_id ORDER BY room_id;
  ELSIF tg_op = 'DELETE' THEN
    PERFORM chat_response_runs_refresh(room_id, min(created_at))
    FROM old_rows WHERE deleted_at IS NULL AND message_type <> 'SYSTEM' GROUP BY room_id ORDER BY room_id;
  ELSE
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
CREATE TRIGGER chat_messages_runs_insert AFTER INSERT ON chat_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_runs();
--> statement-breakpoint
CREATE TRIGGER chat_messages_runs_update AFTER UPDATE ON chat_messages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_runs();
--> statement-breakpoint
CREATE TRIGGER chat_messages_runs_delete AFTER DELETE ON chat_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION chat_messages_runs();
--> statement-breakpoint
-- A person's side changes with their role or school: their DIRECT rooms are redone whole.
CREATE FUNCTION users_response_runs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM chat_response_runs_refresh(m.room_id, '-infinity')
  FROM chat_room_members m WHERE m.user_id = new.id ORDER BY m.room_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_response_runs AFTER UPDATE OF role, organization_id ON users
  FOR EACH ROW WHEN ((old.role, old.organization_id) IS DISTINCT FROM (new.role, new.organization_id))
  EXECUTE FUNCTION users_response_runs();
--> statement-breakpoint
-- The messages stored before this migration.
SELECT chat_message_counts_move(NULL, NULL, NULL, 1);
--> statement-breakpoint
SELECT chat_response_runs_refresh(id, '-infinity') FROM chat_rooms WHERE kind = 'DIRECT' ORDER BY id;
