-- CreateEnum
CREATE TYPE "reservation_status" AS ENUM ('pending', 'committed', 'released', 'expired');

-- CreateEnum
CREATE TYPE "ledger_entry_kind" AS ENUM ('charge', 'refund', 'grant', 'expiry');

-- CreateEnum
CREATE TYPE "lot_source" AS ENUM ('trial', 'grant');

-- CreateTable
CREATE TABLE "accounts" (
    "workspace_id" UUID NOT NULL,
    "balance" BIGINT NOT NULL DEFAULT 0,
    "reserved" BIGINT NOT NULL DEFAULT 0,
    "next_due_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("workspace_id")
);

-- CreateTable
CREATE TABLE "billable_actions" (
    "action" TEXT NOT NULL,
    "unit" TEXT NOT NULL,
    "description" TEXT NOT NULL,

    CONSTRAINT "billable_actions_pkey" PRIMARY KEY ("action")
);

-- CreateTable
CREATE TABLE "prices" (
    "action" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "tokens" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prices_pkey" PRIMARY KEY ("action","version")
);

-- CreateTable
CREATE TABLE "reservations" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "status" "reservation_status" NOT NULL DEFAULT 'pending',
    "amount" BIGINT NOT NULL,
    "line_actions" TEXT[],
    "line_references" TEXT[],
    "line_quantities" BIGINT[],
    "line_unit_prices" BIGINT[],
    "charged" BIGINT NOT NULL DEFAULT 0,
    "charge_ids" UUID[] DEFAULT ARRAY[]::UUID[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "resolved_at" TIMESTAMPTZ(3),
    "reserve_key" TEXT NOT NULL,
    "reserve_hash" CHAR(64) NOT NULL,
    "resolve_key" TEXT,
    "resolve_hash" CHAR(64),

    CONSTRAINT "reservations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "grant_lots" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "source" "lot_source" NOT NULL,
    "amount" BIGINT NOT NULL,
    "remaining" BIGINT NOT NULL,
    "expires_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "grant_lots_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ledger_entries" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "workspace_id" UUID NOT NULL,
    "kind" "ledger_entry_kind" NOT NULL,
    "action" TEXT NOT NULL,
    "amount" BIGINT NOT NULL,
    "balance_after" BIGINT NOT NULL,
    "reference" TEXT NOT NULL,
    "reservation_id" UUID,
    "refund_of" UUID,
    "lot_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "charge_allocations" (
    "entry_id" UUID NOT NULL,
    "lot_id" UUID NOT NULL,
    "amount" BIGINT NOT NULL,

    CONSTRAINT "charge_allocations_pkey" PRIMARY KEY ("entry_id","lot_id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "workspace_id" UUID NOT NULL,
    "operation" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "response" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("workspace_id","operation","key")
);

-- CreateIndex
CREATE INDEX "accounts_due_idx" ON "accounts"("next_due_at");

-- CreateIndex
CREATE INDEX "reservations_pending_idx" ON "reservations"("workspace_id", "expires_at") WHERE (status = 'pending');

-- CreateIndex
CREATE UNIQUE INDEX "reservations_reserve_key_key" ON "reservations"("workspace_id", "reserve_key");

-- CreateIndex
CREATE UNIQUE INDEX "reservations_resolve_key_key" ON "reservations"("workspace_id", "resolve_key") WHERE (resolve_key IS NOT NULL);

-- CreateIndex
CREATE INDEX "grant_lots_workspace_idx" ON "grant_lots"("workspace_id", "expires_at");

-- CreateIndex
CREATE UNIQUE INDEX "grant_lots_one_trial_key" ON "grant_lots"("workspace_id") WHERE (source = 'trial');

-- CreateIndex
CREATE INDEX "ledger_entries_history_idx" ON "ledger_entries"("workspace_id", "seq" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_charge_unit_key" ON "ledger_entries"("workspace_id", "action", "reference") WHERE (kind = 'charge');

-- CreateIndex
CREATE UNIQUE INDEX "ledger_entries_refund_of_key" ON "ledger_entries"("refund_of") WHERE (refund_of IS NOT NULL);

-- CreateIndex
CREATE INDEX "charge_allocations_lot_id_idx" ON "charge_allocations"("lot_id");

-- CreateIndex
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys"("created_at");

-- AddForeignKey
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prices" ADD CONSTRAINT "prices_action_fkey" FOREIGN KEY ("action") REFERENCES "billable_actions"("action") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "accounts"("workspace_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "grant_lots" ADD CONSTRAINT "grant_lots_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "accounts"("workspace_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "accounts"("workspace_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reservation_id_fkey" FOREIGN KEY ("reservation_id") REFERENCES "reservations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_of_fkey" FOREIGN KEY ("refund_of") REFERENCES "ledger_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_lot_id_fkey" FOREIGN KEY ("lot_id") REFERENCES "grant_lots"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charge_allocations" ADD CONSTRAINT "charge_allocations_entry_id_fkey" FOREIGN KEY ("entry_id") REFERENCES "ledger_entries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "charge_allocations" ADD CONSTRAINT "charge_allocations_lot_id_fkey" FOREIGN KEY ("lot_id") REFERENCES "grant_lots"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------------------------
-- Below: what Prisma cannot express (documented with /// comments in schema.prisma).
-- ---------------------------------------------------------------------------------------------------------------

-- Money-like invariants the database enforces whatever the code does.
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_check" CHECK ("balance" >= 0 AND "reserved" >= 0 AND "reserved" <= "balance");
ALTER TABLE "prices" ADD CONSTRAINT "prices_tokens_check" CHECK ("tokens" >= 0 AND "version" >= 1);
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_amount_check" CHECK ("amount" >= 0 AND "charged" >= 0 AND "charged" <= "amount");
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_resolution_check" CHECK (("status" = 'pending') = ("resolved_at" IS NULL));
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_lines_check" CHECK (
    cardinality("line_actions") = cardinality("line_references")
AND cardinality("line_actions") = cardinality("line_quantities")
AND cardinality("line_actions") = cardinality("line_unit_prices")
AND 1 <= ALL ("line_quantities") AND 0 <= ALL ("line_unit_prices"));
ALTER TABLE "grant_lots" ADD CONSTRAINT "grant_lots_amount_check" CHECK ("amount" > 0 AND "remaining" >= 0 AND "remaining" <= "amount");
ALTER TABLE "charge_allocations" ADD CONSTRAINT "charge_allocations_amount_check" CHECK ("amount" > 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_balance_after_check" CHECK ("balance_after" >= 0);
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK (
    ("kind" = 'charge' AND "amount" <= 0 AND "action" NOT IN ('token_grant', 'token_expired') AND "reservation_id" IS NOT NULL)
 OR ("kind" = 'refund' AND "amount" >= 0 AND "refund_of" IS NOT NULL)
 OR ("kind" = 'grant' AND "amount" > 0 AND "action" = 'token_grant' AND "lot_id" IS NOT NULL)
 OR ("kind" = 'expiry' AND "amount" < 0 AND "action" = 'token_expired' AND "lot_id" IS NOT NULL));

-- Ledger rows (and the lot allocations of charges) are never updated or deleted.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'restrict_violation';
END $$;

CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();
CREATE TRIGGER "charge_allocations_append_only" BEFORE UPDATE OR DELETE ON "charge_allocations"
  FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
CREATE TRIGGER "charge_allocations_no_truncate" BEFORE TRUNCATE ON "charge_allocations"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_refuse_change"();

-- A reservation resolves exactly once: only a pending one may change, and only its resolution fields.
CREATE FUNCTION "reservation_resolve_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'reservations are kept: DELETE refused' USING ERRCODE = 'restrict_violation';
  END IF;
  IF OLD."status" <> 'pending' THEN
    RAISE EXCEPTION 'reservation % is already %', OLD."id", OLD."status" USING ERRCODE = 'restrict_violation';
  END IF;
  IF (NEW."id", NEW."workspace_id", NEW."amount", NEW."line_actions", NEW."line_references", NEW."line_quantities",
      NEW."line_unit_prices", NEW."created_at", NEW."expires_at", NEW."reserve_key", NEW."reserve_hash")
     IS DISTINCT FROM
     (OLD."id", OLD."workspace_id", OLD."amount", OLD."line_actions", OLD."line_references", OLD."line_quantities",
      OLD."line_unit_prices", OLD."created_at", OLD."expires_at", OLD."reserve_key", OLD."reserve_hash") THEN
    RAISE EXCEPTION 'reservation %: only its resolution may change', OLD."id" USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "reservations_resolve_once" BEFORE UPDATE OR DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservation_resolve_once"();

-- The spec's ten billable actions and their starting prices (version 1); `talentctl prices set` adds versions.
INSERT INTO "billable_actions" ("action", "unit", "description") VALUES
  ('cv_processing', 'cv', 'Analysis of one CV, sent as text or as a file.'),
  ('job_processing', 'job', 'Analysis of one job description, sent as text or as a file.'),
  ('job_matching', 'request', 'One match request: the given CVs scored against one job.'),
  ('sourcing_search_fast', 'search', 'Base fee of a fast sourcing search.'),
  ('sourcing_search_pro', 'search', 'Base fee of a pro sourcing search.'),
  ('sourcing_insights', 'candidate', 'Insights on one returned candidate.'),
  ('sourcing_high_freshness', 'candidate', 'Freshly re-fetched data for one returned candidate.'),
  ('sourcing_reveal_email', 'candidate', 'E-mail addresses of one candidate whose e-mail is returned.'),
  ('sourcing_reveal_phone', 'candidate', 'Phone numbers of one candidate whose phone is returned.'),
  ('sourcing_ingest', 'profile', 'Ingestion of one selected sourced profile into the workspace.');

INSERT INTO "prices" ("action", "version", "tokens") VALUES
  ('cv_processing', 1, 1),
  ('job_processing', 1, 1),
  ('job_matching', 1, 1),
  ('sourcing_search_fast', 1, 1),
  ('sourcing_search_pro', 1, 3),
  ('sourcing_insights', 1, 1),
  ('sourcing_high_freshness', 1, 1),
  ('sourcing_reveal_email', 1, 2),
  ('sourcing_reveal_phone', 1, 3),
  ('sourcing_ingest', 1, 1);

-- Workspaces created before this migration get their (empty) account.
INSERT INTO "accounts" ("workspace_id") SELECT "id" FROM "workspaces";

-- ---------------------------------------------------------------------------------------------------------------
-- Ledger transitions (DESIGN §4). Each is one round trip in the caller's transaction. A function that changes
-- an account locks the account row first (directly or through a conditional UPDATE), so the changes of one
-- workspace are serialized and locks are always taken account first. Times come from the caller (`p_now`).
-- Expected failures raise SQLSTATE P0001 with MESSAGE = a domain code and DETAIL = a JSON object
-- {"message": …, …details}, which the service turns into a DomainError. Functions resolve tables through the
-- search_path they were created with (the service's schema).
-- ---------------------------------------------------------------------------------------------------------------

CREATE FUNCTION "ledger_fail"(p_code text, p_message text, p_details jsonb DEFAULT '{}') RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = p_code,
    DETAIL = (jsonb_build_object('message', p_message) || p_details)::text;
END $$;

-- Claims an idempotency key of a Refund or Grant. NULL: claimed, go ahead. Otherwise the first call's response
-- (a concurrent first call holding the key makes this wait until it commits or rolls back).
CREATE FUNCTION "ledger_claim_key"(p_workspace uuid, p_operation text, p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_hash text;
  v_response jsonb;
BEGIN
  INSERT INTO idempotency_keys (workspace_id, operation, key, request_hash, created_at)
  VALUES (p_workspace, p_operation, p_key, p_hash, p_now)
  ON CONFLICT DO NOTHING;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT request_hash, response INTO v_hash, v_response
    FROM idempotency_keys WHERE workspace_id = p_workspace AND operation = p_operation AND key = p_key;
  IF v_hash IS DISTINCT FROM p_hash OR v_response IS NULL THEN
    PERFORM ledger_fail('IDEMPOTENCY_KEY_REUSED',
      format('Idempotency key "%s" was already used for a different %s request.', p_key, p_operation),
      jsonb_build_object('idempotency_key', p_key));
  END IF;
  RETURN v_response || '{"replayed": true}';
END $$;

CREATE FUNCTION "ledger_remember"(p_workspace uuid, p_operation text, p_key text, p_response jsonb) RETURNS jsonb
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE idempotency_keys SET response = p_response
   WHERE workspace_id = p_workspace AND operation = p_operation AND key = p_key;
  RETURN p_response || '{"replayed": false}';
END $$;

-- Locks the account and applies whatever is due. Returns the account's balance after settling.
CREATE FUNCTION "ledger_lock_account"(p_workspace uuid, p_now timestamptz) RETURNS bigint
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_due timestamptz;
  v_balance bigint;
BEGIN
  SELECT next_due_at, balance INTO v_due, v_balance FROM accounts WHERE workspace_id = p_workspace FOR UPDATE;
  IF NOT FOUND THEN
    PERFORM ledger_fail('NOT_FOUND', format('Workspace %s does not exist.', p_workspace),
      jsonb_build_object('workspace_id', p_workspace));
  END IF;
  IF v_due <= p_now THEN
    PERFORM ledger_settle(p_workspace, p_now);
    SELECT balance INTO v_balance FROM accounts WHERE workspace_id = p_workspace;
  END IF;
  RETURN v_balance;
END $$;

-- Applies what is due on a locked account: expires pending reservations past their time, then expires the
-- unused part of lots past their expiry. Holds are attributed to the earliest-expiring lots (the ones charges
-- consume first), so the part of an expired lot still covering a hold stays until the hold resolves; the
-- settle that follows the resolution expires it then. Recomputes next_due_at.
CREATE FUNCTION "ledger_settle"(p_workspace uuid, p_now timestamptz) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_released bigint;
  v_balance bigint;
  v_reserved bigint;
  v_protect bigint;
  v_keep bigint;
  v_changed boolean;
  v_lot record;
BEGIN
  WITH expired AS (
    UPDATE reservations SET status = 'expired', resolved_at = p_now
     WHERE workspace_id = p_workspace AND status = 'pending' AND expires_at <= p_now
    RETURNING amount)
  SELECT coalesce(sum(amount), 0), count(*) > 0 INTO v_released, v_changed FROM expired;

  SELECT balance, reserved - v_released INTO v_balance, v_reserved FROM accounts WHERE workspace_id = p_workspace;
  v_protect := v_reserved;
  FOR v_lot IN
    SELECT id, remaining FROM grant_lots
     WHERE workspace_id = p_workspace AND remaining > 0 AND expires_at <= p_now
     ORDER BY expires_at, created_at, id
  LOOP
    v_keep := least(v_lot.remaining, v_protect);
    v_protect := v_protect - v_keep;
    CONTINUE WHEN v_keep = v_lot.remaining;
    UPDATE grant_lots SET remaining = v_keep WHERE id = v_lot.id;
    v_balance := v_balance - (v_lot.remaining - v_keep);
    INSERT INTO ledger_entries (id, workspace_id, kind, action, amount, balance_after, reference, lot_id, created_at)
    VALUES (gen_random_uuid(), p_workspace, 'expiry', 'token_expired', v_keep - v_lot.remaining, v_balance,
            v_lot.id::text, v_lot.id, p_now);
    v_changed := true;
  END LOOP;

  UPDATE accounts
     SET balance = v_balance,
         reserved = v_reserved,
         updated_at = CASE WHEN v_changed THEN p_now ELSE updated_at END,
         next_due_at = least(
           (SELECT min(expires_at) FROM grant_lots
             WHERE workspace_id = p_workspace AND remaining > 0 AND expires_at > p_now),
           (SELECT min(expires_at) FROM reservations WHERE workspace_id = p_workspace AND status = 'pending'))
   WHERE workspace_id = p_workspace;
END $$;

-- Holds tokens for the lines, all or nothing, at the current prices. A replay (same workspace and key) returns
-- the reservation made first.
CREATE FUNCTION "ledger_reserve"(
  p_workspace uuid, p_reservation uuid, p_actions text[], p_references text[], p_quantities bigint[],
  p_expires_at timestamptz, p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_prior reservations%ROWTYPE;
  v_prices bigint[];
  v_price bigint;
  v_total bigint := 0;
  v_charged text[];
  v_available bigint;
BEGIN
  SELECT * INTO v_prior FROM reservations WHERE workspace_id = p_workspace AND reserve_key = p_key;
  IF FOUND THEN
    IF v_prior.reserve_hash <> p_hash THEN
      PERFORM ledger_fail('IDEMPOTENCY_KEY_REUSED',
        format('Idempotency key "%s" was already used for a different reservation.', p_key),
        jsonb_build_object('idempotency_key', p_key));
    END IF;
    RETURN jsonb_build_object('reservation_id', v_prior.id, 'amount', v_prior.amount,
      'expires_at', v_prior.expires_at, 'replayed', true);
  END IF;

  -- Line by line (batches are small; simple index look-ups beat a set-based query here).
  FOR i IN 1 .. cardinality(p_actions) LOOP
    SELECT tokens INTO v_price FROM prices WHERE action = p_actions[i] ORDER BY version DESC LIMIT 1;
    IF NOT FOUND THEN
      PERFORM ledger_fail('UNKNOWN_ACTION', format('"%s" is not a billable action.', p_actions[i]),
        jsonb_build_object('action', p_actions[i]));
    END IF;
    v_prices[i] := v_price;
    v_total := v_total + v_price * p_quantities[i];
    -- Charges are idempotent per unit of work: a unit already charged cannot be held again.
    IF EXISTS (SELECT 1 FROM ledger_entries WHERE workspace_id = p_workspace AND kind = 'charge'
                  AND action = p_actions[i] AND reference = p_references[i]) THEN
      v_charged := v_charged || format('%s:%s', p_actions[i], p_references[i]);
    END IF;
  END LOOP;
  IF v_charged IS NOT NULL THEN
    PERFORM ledger_fail('ALREADY_EXISTS', 'Some units of work were already charged.',
      jsonb_build_object('charged', to_jsonb(v_charged)));
  END IF;

  -- Fast path: one conditional update when nothing is due. Otherwise lock, settle, and decide.
  UPDATE accounts SET reserved = reserved + v_total, updated_at = p_now, next_due_at = least(next_due_at, p_expires_at)
   WHERE workspace_id = p_workspace AND balance - reserved >= v_total AND (next_due_at IS NULL OR next_due_at > p_now);
  IF NOT FOUND THEN
    PERFORM ledger_lock_account(p_workspace, p_now);
    UPDATE accounts SET reserved = reserved + v_total, updated_at = p_now, next_due_at = least(next_due_at, p_expires_at)
     WHERE workspace_id = p_workspace AND balance - reserved >= v_total;
    IF NOT FOUND THEN
      SELECT balance - reserved INTO v_available FROM accounts WHERE workspace_id = p_workspace;
      PERFORM ledger_fail('INSUFFICIENT_CREDITS',
        format('Insufficient credits: %s tokens required, %s available.', v_total, v_available),
        jsonb_build_object('balance', v_available, 'required', v_total));
    END IF;
  END IF;

  INSERT INTO reservations (id, workspace_id, amount, line_actions, line_references, line_quantities, line_unit_prices,
                            created_at, expires_at, reserve_key, reserve_hash)
  VALUES (p_reservation, p_workspace, v_total, p_actions, p_references, p_quantities, v_prices,
          p_now, p_expires_at, p_key, p_hash);

  RETURN jsonb_build_object('reservation_id', p_reservation, 'amount', v_total, 'expires_at', p_expires_at,
    'replayed', false);
END $$;

-- A Commit or Release of a reservation that is no longer pending: the first call's response when this is its
-- replay (same key, same request), RESERVATION_NOT_PENDING otherwise.
CREATE FUNCTION "ledger_resolution_replay"(p_reservation reservations, p_key text, p_hash text) RETURNS jsonb
LANGUAGE plpgsql AS $$
BEGIN
  IF p_reservation.resolve_key = p_key THEN
    IF p_reservation.resolve_hash <> p_hash THEN
      PERFORM ledger_fail('IDEMPOTENCY_KEY_REUSED',
        format('Idempotency key "%s" was already used for a different request.', p_key),
        jsonb_build_object('idempotency_key', p_key));
    END IF;
    IF p_reservation.status = 'committed' THEN
      RETURN jsonb_build_object('charged', p_reservation.charged, 'released', p_reservation.amount - p_reservation.charged,
        'charge_ids', to_jsonb(p_reservation.charge_ids), 'replayed', true);
    END IF;
    RETURN jsonb_build_object('released', p_reservation.amount, 'replayed', true);
  END IF;
  PERFORM ledger_fail('RESERVATION_NOT_PENDING',
    format('Reservation %s is already %s.', p_reservation.id, p_reservation.status),
    jsonb_build_object('reservation_id', p_reservation.id, 'status', p_reservation.status));
  RETURN NULL;
END $$;

-- Charges the actual usage (NULL arrays: everything reserved), one ledger entry per unit of work, taking tokens
-- from the lots that expire first; releases the rest of the hold.
CREATE FUNCTION "ledger_commit"(
  p_reservation uuid, p_workspace uuid, p_actions text[], p_references text[], p_quantities bigint[],
  p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_res reservations%ROWTYPE;
  v_actions text[];
  v_references text[];
  v_amounts bigint[];
  v_quantity bigint;
  v_charged bigint := 0;
  v_ids uuid[];
  v_balance bigint;
  v_lot uuid;
  v_need bigint;
  v_take bigint;
  v_expired_lots boolean;
BEGIN
  SELECT * INTO v_res FROM reservations WHERE id = p_reservation;
  IF NOT FOUND OR v_res.workspace_id <> coalesce(p_workspace, v_res.workspace_id) THEN
    PERFORM ledger_fail('NOT_FOUND', format('Reservation %s does not exist.', p_reservation),
      jsonb_build_object('reservation_id', p_reservation));
  END IF;
  IF v_res.status <> 'pending' THEN
    RETURN ledger_resolution_replay(v_res, p_key, p_hash);
  END IF;

  -- The units to charge (reservation lines are immutable, so reading them before locking is safe).
  IF p_actions IS NULL THEN
    v_actions := v_res.line_actions;
    v_references := v_res.line_references;
    FOR i IN 1 .. cardinality(v_actions) LOOP
      v_amounts[i] := v_res.line_quantities[i] * v_res.line_unit_prices[i];
    END LOOP;
  ELSE
    SELECT array_agg(r.action ORDER BY r.ord) FILTER (WHERE a.quantity > 0),
           array_agg(r.reference ORDER BY r.ord) FILTER (WHERE a.quantity > 0),
           array_agg(a.quantity * r.unit_price ORDER BY r.ord) FILTER (WHERE a.quantity > 0),
           count(a.action),
           max(a.quantity - r.quantity)
      INTO v_actions, v_references, v_amounts, v_take, v_need
      FROM unnest(v_res.line_actions, v_res.line_references, v_res.line_quantities, v_res.line_unit_prices)
             WITH ORDINALITY AS r(action, reference, quantity, unit_price, ord)
      LEFT JOIN unnest(p_actions, p_references, p_quantities) AS a(action, reference, quantity)
        ON a.action = r.action AND a.reference = r.reference;
    IF v_take < cardinality(p_actions) THEN
      PERFORM ledger_fail('INVALID_ARGUMENT', format('Some lines are not part of reservation %s.', p_reservation),
        jsonb_build_object('field', 'lines'));
    END IF;
    IF v_need > 0 THEN
      PERFORM ledger_fail('INVALID_ARGUMENT', 'Actual usage exceeds what was reserved.', jsonb_build_object('field', 'lines'));
    END IF;
    v_actions := coalesce(v_actions, '{}');
    v_references := coalesce(v_references, '{}');
    v_amounts := coalesce(v_amounts, '{}');
  END IF;
  FOR i IN 1 .. cardinality(v_actions) LOOP
    v_charged := v_charged + v_amounts[i];
    v_ids[i] := gen_random_uuid();
  END LOOP;
  -- A unit of work already charged (through another reservation) makes the entry insert below violate
  -- ledger_entries_charge_unit_key: charges are idempotent per unit, and the service reports ALREADY_EXISTS.

  -- Lock the account by applying the commit to it (fast path: nothing due). Otherwise lock, settle (which may
  -- expire this very reservation), look again, and apply.
  UPDATE accounts SET balance = balance - v_charged, reserved = reserved - v_res.amount, updated_at = p_now
   WHERE workspace_id = v_res.workspace_id AND (next_due_at IS NULL OR next_due_at > p_now)
  RETURNING balance + v_charged INTO v_balance;
  IF NOT FOUND THEN
    PERFORM ledger_lock_account(v_res.workspace_id, p_now);
    SELECT * INTO v_res FROM reservations WHERE id = p_reservation;
    IF v_res.status <> 'pending' THEN
      RETURN ledger_resolution_replay(v_res, p_key, p_hash);
    END IF;
    UPDATE accounts SET balance = balance - v_charged, reserved = reserved - v_res.amount, updated_at = p_now
     WHERE workspace_id = v_res.workspace_id
    RETURNING balance + v_charged INTO v_balance;
  END IF;
  UPDATE reservations
     SET status = 'committed', charged = v_charged, charge_ids = coalesce(v_ids, '{}'), resolved_at = p_now,
         resolve_key = p_key, resolve_hash = p_hash
   WHERE id = p_reservation AND status = 'pending';
  IF NOT FOUND THEN
    -- Resolved by a concurrent call between our first look and the account lock: undo, and let the caller
    -- call again (it will then see the resolution).
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'LEDGER_RETRY', DETAIL = '{}';
  END IF;

  FOR i IN 1 .. cardinality(v_actions) LOOP
    v_balance := v_balance - v_amounts[i];
    v_lot := NULL;
    IF v_amounts[i] > 0 THEN
      -- Usually the first lot covers the charge: take it all from there and name it on the entry.
      UPDATE grant_lots SET remaining = remaining - v_amounts[i]
       WHERE id = (SELECT id FROM grant_lots WHERE workspace_id = v_res.workspace_id AND remaining > 0
                    ORDER BY expires_at NULLS LAST, created_at, id LIMIT 1)
         AND remaining >= v_amounts[i]
      RETURNING id INTO v_lot;
    END IF;
    INSERT INTO ledger_entries (id, workspace_id, kind, action, amount, balance_after, reference, reservation_id,
                                lot_id, created_at)
    VALUES (v_ids[i], v_res.workspace_id, 'charge', v_actions[i], -v_amounts[i], v_balance, v_references[i],
            p_reservation, v_lot, p_now);
    IF v_lot IS NULL THEN
      v_need := v_amounts[i];
      WHILE v_need > 0 LOOP
        WITH lot AS (
          SELECT id, least(remaining, v_need) AS take FROM grant_lots
           WHERE workspace_id = v_res.workspace_id AND remaining > 0
           ORDER BY expires_at NULLS LAST, created_at, id LIMIT 1),
        taken AS (
          UPDATE grant_lots SET remaining = remaining - lot.take FROM lot WHERE grant_lots.id = lot.id
          RETURNING lot.id, lot.take)
        INSERT INTO charge_allocations (entry_id, lot_id, amount) SELECT v_ids[i], id, take FROM taken
        RETURNING amount INTO v_take;
        IF NOT FOUND THEN
          PERFORM ledger_fail('INTERNAL', format('Lots of workspace %s do not cover its balance.', v_res.workspace_id));
        END IF;
        v_need := v_need - v_take;
      END LOOP;
    END IF;
  END LOOP;

  -- Released tokens of a lot that expired while they were held leave now.
  IF EXISTS (SELECT 1 FROM grant_lots
              WHERE workspace_id = v_res.workspace_id AND remaining > 0 AND expires_at <= p_now) THEN
    PERFORM ledger_settle(v_res.workspace_id, p_now);
  END IF;

  RETURN jsonb_build_object('charged', v_charged, 'released', v_res.amount - v_charged,
    'charge_ids', to_jsonb(coalesce(v_ids, '{}')), 'replayed', false);
END $$;

-- Voids a pending reservation; nothing is charged.
CREATE FUNCTION "ledger_release"(p_reservation uuid, p_workspace uuid, p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_res reservations%ROWTYPE;
  v_expired_lots boolean;
BEGIN
  SELECT * INTO v_res FROM reservations WHERE id = p_reservation;
  IF NOT FOUND OR v_res.workspace_id <> coalesce(p_workspace, v_res.workspace_id) THEN
    PERFORM ledger_fail('NOT_FOUND', format('Reservation %s does not exist.', p_reservation),
      jsonb_build_object('reservation_id', p_reservation));
  END IF;
  IF v_res.status <> 'pending' THEN
    RETURN ledger_resolution_replay(v_res, p_key, p_hash);
  END IF;
  PERFORM ledger_lock_account(v_res.workspace_id, p_now);
  UPDATE reservations SET status = 'released', resolved_at = p_now, resolve_key = p_key, resolve_hash = p_hash
   WHERE id = p_reservation AND status = 'pending';
  IF NOT FOUND THEN
    SELECT * INTO v_res FROM reservations WHERE id = p_reservation;
    RETURN ledger_resolution_replay(v_res, p_key, p_hash);
  END IF;
  UPDATE accounts SET reserved = reserved - v_res.amount, updated_at = p_now
   WHERE workspace_id = v_res.workspace_id
  RETURNING EXISTS (SELECT 1 FROM grant_lots
                     WHERE workspace_id = v_res.workspace_id AND remaining > 0 AND expires_at <= p_now)
    INTO v_expired_lots;
  IF v_expired_lots THEN
    PERFORM ledger_settle(v_res.workspace_id, p_now);
  END IF;
  RETURN jsonb_build_object('released', v_res.amount, 'replayed', false);
END $$;

-- Refunds one charge, identified by its unit of work, at most once: a positive entry on the charge's action.
-- The tokens go back to the lots the charge came from; those that have expired meanwhile leave again at once.
CREATE FUNCTION "ledger_refund"(
  p_workspace uuid, p_action text, p_reference text, p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_replay jsonb;
  v_balance bigint;
  v_charge record;
  v_refund record;
  v_entry uuid;
  v_expired_lots boolean;
BEGIN
  v_replay := ledger_claim_key(p_workspace, 'refund', p_key, p_hash, p_now);
  IF v_replay IS NOT NULL THEN
    RETURN v_replay;
  END IF;
  v_balance := ledger_lock_account(p_workspace, p_now);

  SELECT id, amount, lot_id INTO v_charge FROM ledger_entries
   WHERE workspace_id = p_workspace AND kind = 'charge' AND action = p_action AND reference = p_reference;
  IF NOT FOUND THEN
    PERFORM ledger_fail('NOT_FOUND', format('No %s charge for "%s" in this workspace.', p_action, p_reference),
      jsonb_build_object('action', p_action, 'reference', p_reference));
  END IF;
  SELECT id, amount INTO v_refund FROM ledger_entries WHERE refund_of = v_charge.id;
  IF FOUND THEN
    RETURN ledger_remember(p_workspace, 'refund', p_key, jsonb_build_object(
      'refunded', v_refund.amount, 'entry_id', v_refund.id, 'already_refunded', true));
  END IF;

  v_balance := v_balance - v_charge.amount;
  INSERT INTO ledger_entries (id, workspace_id, kind, action, amount, balance_after, reference, refund_of, created_at)
  VALUES (gen_random_uuid(), p_workspace, 'refund', p_action, -v_charge.amount, v_balance, p_reference, v_charge.id, p_now)
  RETURNING id INTO v_entry;
  IF v_charge.lot_id IS NOT NULL THEN
    UPDATE grant_lots SET remaining = remaining - v_charge.amount WHERE id = v_charge.lot_id;
  ELSE
    UPDATE grant_lots l SET remaining = l.remaining + a.amount
      FROM charge_allocations a WHERE a.entry_id = v_charge.id AND l.id = a.lot_id;
  END IF;
  UPDATE accounts SET balance = v_balance, updated_at = p_now WHERE workspace_id = p_workspace
  RETURNING EXISTS (SELECT 1 FROM grant_lots
                     WHERE workspace_id = p_workspace AND remaining > 0 AND expires_at <= p_now)
    INTO v_expired_lots;
  IF v_expired_lots THEN
    PERFORM ledger_settle(p_workspace, p_now);
  END IF;

  RETURN ledger_remember(p_workspace, 'refund', p_key, jsonb_build_object(
    'refunded', -v_charge.amount, 'entry_id', v_entry, 'already_refunded', false));
END $$;

-- Adds a lot of tokens (optionally expiring) and its grant entry. A NULL key skips idempotency (the trial grant
-- is made once, inside the transaction that creates the workspace).
CREATE FUNCTION "ledger_grant"(
  p_workspace uuid, p_lot uuid, p_source lot_source, p_amount bigint, p_expires_at timestamptz,
  p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_replay jsonb;
  v_balance bigint;
  v_response jsonb;
BEGIN
  IF p_key IS NOT NULL THEN
    v_replay := ledger_claim_key(p_workspace, 'grant', p_key, p_hash, p_now);
    IF v_replay IS NOT NULL THEN
      RETURN v_replay;
    END IF;
  END IF;
  v_balance := ledger_lock_account(p_workspace, p_now) + p_amount;
  INSERT INTO grant_lots (id, workspace_id, source, amount, remaining, expires_at, created_at)
  VALUES (p_lot, p_workspace, p_source, p_amount, p_amount, p_expires_at, p_now);
  INSERT INTO ledger_entries (id, workspace_id, kind, action, amount, balance_after, reference, lot_id, created_at)
  VALUES (gen_random_uuid(), p_workspace, 'grant', 'token_grant', p_amount, v_balance, p_lot::text, p_lot, p_now);
  UPDATE accounts SET balance = v_balance, updated_at = p_now, next_due_at = least(next_due_at, p_expires_at)
   WHERE workspace_id = p_workspace;
  v_response := jsonb_build_object('grant_id', p_lot, 'balance', v_balance, 'expires_at', p_expires_at);
  IF p_key IS NULL THEN
    RETURN v_response || '{"replayed": false}';
  END IF;
  RETURN ledger_remember(p_workspace, 'grant', p_key, v_response);
END $$;

-- Settles up to p_limit accounts with something due (the expiry timer). Replicas skip each other's rows.
CREATE FUNCTION "ledger_sweep"(p_now timestamptz, p_limit integer) RETURNS integer
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_workspace uuid;
  v_count integer := 0;
BEGIN
  FOR v_workspace IN
    SELECT workspace_id FROM accounts WHERE next_due_at <= p_now
     ORDER BY next_due_at LIMIT p_limit FOR UPDATE SKIP LOCKED
  LOOP
    PERFORM ledger_settle(v_workspace, p_now);
    v_count := v_count + 1;
  END LOOP;
  RETURN v_count;
END $$;

-- Balance as of p_now: settles the account first when something is due. No row: no such workspace.
CREATE FUNCTION "ledger_balance"(p_workspace uuid, p_now timestamptz)
RETURNS TABLE (balance bigint, reserved bigint, updated_at timestamptz)
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM accounts a WHERE a.workspace_id = p_workspace AND a.next_due_at <= p_now) THEN
    PERFORM ledger_lock_account(p_workspace, p_now);
  END IF;
  RETURN QUERY SELECT a.balance, a.reserved, a.updated_at FROM accounts a WHERE a.workspace_id = p_workspace;
END $$;
