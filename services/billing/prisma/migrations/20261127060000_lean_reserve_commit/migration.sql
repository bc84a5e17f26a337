-- The reserve + commit hot path, leaner (issue 13): the same rules and answers in fewer statements, since each
-- statement a function runs costs PostgreSQL more (executor set-up, re-reading and planning every CHECK of the
-- table it writes, its foreign-key checks) than the rows it touches.
--
-- * ledger_reserve of one line is one statement when nothing stands in the way (key not used, action priced, unit
--   not charged, nothing due, tokens available); otherwise the former steps run, in the former order, and tell
--   the cases apart. The former steps merge the price look-up with the charged-unit check, and the account
--   update with the insert.
-- * ledger_commit of a one-line reservation committed whole is two statements: the first reads the reservation
--   and applies the commit to its account (which locks it) when nothing is due and the hold is there; the second,
--   whose snapshot comes after the lock, resolves the reservation, takes the tokens from the first lot when it
--   covers them and writes the entry. Every resolution of a reservation happens under its account's lock, so a
--   resolution that slipped in between the first look and the lock is seen by the second statement, which then
--   undoes everything (LEDGER_RETRY: the service calls again and answers from the resolved reservation). The
--   general path locks the same way (no SELECT … FOR UPDATE and second read of the reservation any more).
-- * The resolve-once trigger function runs only when an UPDATE touches what was reserved or a resolved
--   reservation (WHEN / UPDATE OF), not on every resolution; what it refuses is unchanged.
-- * The two largest CHECK expressions become immutable PL/pgSQL functions (same names, same rules), compiled
--   once per connection instead of read and planned on every insert or update.

-- Resolve-once guard: refused changes are still refused by the same function, but an UPDATE that only resolves a
-- pending reservation no longer calls it.
DROP TRIGGER "reservations_resolve_once" ON "reservations";
CREATE TRIGGER "reservations_kept" BEFORE DELETE ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservation_resolve_once"();
CREATE TRIGGER "reservations_reserved_fixed"
  BEFORE UPDATE OF "id", "workspace_id", "amount", "line_actions", "line_references", "line_quantities",
                   "line_unit_prices", "created_at", "expires_at", "reserve_key", "reserve_hash" ON "reservations"
  FOR EACH ROW EXECUTE FUNCTION "reservation_resolve_once"();
CREATE TRIGGER "reservations_resolve_once" BEFORE UPDATE ON "reservations"
  FOR EACH ROW WHEN (OLD."status" <> 'pending') EXECUTE FUNCTION "reservation_resolve_once"();

CREATE OR REPLACE FUNCTION "ledger_reserve"(
  p_workspace uuid, p_reservation uuid, p_actions text[], p_references text[], p_quantities bigint[],
  p_expires_at timestamptz, p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_prior reservations%ROWTYPE;
  v_prices bigint[];
  v_price bigint;
  v_done boolean;
  v_total bigint := 0;
  v_charged text[];
  v_available bigint;
BEGIN
  -- Fast path for one line, in one statement: when the key is new, the action has a price, the unit was never
  -- charged, nothing is due and the tokens are there, hold them (which locks the account) and record the
  -- reservation. Otherwise (or for more lines) the steps below tell the cases apart, in the same order.
  IF cardinality(p_actions) = 1 THEN
    WITH price AS (
      SELECT tokens FROM prices WHERE action = p_actions[1] ORDER BY version DESC LIMIT 1),
    held AS (
      UPDATE accounts a
         SET reserved = a.reserved + price.tokens * p_quantities[1], updated_at = p_now,
             next_due_at = least(a.next_due_at, p_expires_at)
        FROM price
       WHERE a.workspace_id = p_workspace AND a.balance - a.reserved >= price.tokens * p_quantities[1]
         AND (a.next_due_at IS NULL OR a.next_due_at > p_now)
         AND NOT EXISTS (SELECT 1 FROM reservations WHERE workspace_id = p_workspace AND reserve_key = p_key)
         AND NOT EXISTS (SELECT 1 FROM ledger_entries WHERE workspace_id = p_workspace AND kind = 'charge'
                            AND action = p_actions[1] AND reference = p_references[1])
      RETURNING price.tokens)
    INSERT INTO reservations (id, workspace_id, amount, line_actions, line_references, line_quantities,
                              line_unit_prices, created_at, expires_at, reserve_key, reserve_hash)
    SELECT p_reservation, p_workspace, tokens * p_quantities[1], p_actions, p_references, p_quantities,
           ARRAY[tokens], p_now, p_expires_at, p_key, p_hash FROM held
    RETURNING amount INTO v_total;
    IF FOUND THEN
      RETURN jsonb_build_object('reservation_id', p_reservation, 'amount', v_total, 'expires_at', p_expires_at,
        'replayed', false);
    END IF;
    v_total := 0;
  END IF;

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

  -- Line by line (batches are small; simple index look-ups beat a set-based query here): the current price and
  -- whether the unit was charged already, in one statement.
  FOR i IN 1 .. cardinality(p_actions) LOOP
    SELECT p.tokens, EXISTS (SELECT 1 FROM ledger_entries WHERE workspace_id = p_workspace AND kind = 'charge'
                                AND action = p_actions[i] AND reference = p_references[i])
      INTO v_price, v_done
      FROM (SELECT tokens FROM prices WHERE action = p_actions[i] ORDER BY version DESC LIMIT 1) p;
    IF NOT FOUND THEN
      PERFORM ledger_fail('UNKNOWN_ACTION', format('"%s" is not a billable action.', p_actions[i]),
        jsonb_build_object('action', p_actions[i]));
    END IF;
    v_prices[i] := v_price;
    v_total := v_total + v_price * p_quantities[i];
    -- Charges are idempotent per unit of work: a unit already charged cannot be held again.
    IF v_done THEN
      v_charged := v_charged || format('%s:%s', p_actions[i], p_references[i]);
    END IF;
  END LOOP;
  IF v_charged IS NOT NULL THEN
    PERFORM ledger_fail('ALREADY_EXISTS', 'Some units of work were already charged.',
      jsonb_build_object('charged', to_jsonb(v_charged)));
  END IF;

  -- Fast path, one statement: hold the tokens (which locks the account) and record the reservation, when
  -- nothing is due. Otherwise lock, settle, and decide.
  WITH held AS (
    UPDATE accounts SET reserved = reserved + v_total, updated_at = p_now, next_due_at = least(next_due_at, p_expires_at)
     WHERE workspace_id = p_workspace AND balance - reserved >= v_total AND (next_due_at IS NULL OR next_due_at > p_now)
    RETURNING workspace_id)
  INSERT INTO reservations (id, workspace_id, amount, line_actions, line_references, line_quantities, line_unit_prices,
                            created_at, expires_at, reserve_key, reserve_hash)
  SELECT p_reservation, workspace_id, v_total, p_actions, p_references, p_quantities, v_prices,
         p_now, p_expires_at, p_key, p_hash FROM held;
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
    INSERT INTO reservations (id, workspace_id, amount, line_actions, line_references, line_quantities, line_unit_prices,
                              created_at, expires_at, reserve_key, reserve_hash)
    VALUES (p_reservation, p_workspace, v_total, p_actions, p_references, p_quantities, v_prices,
            p_now, p_expires_at, p_key, p_hash);
  END IF;

  RETURN jsonb_build_object('reservation_id', p_reservation, 'amount', v_total, 'expires_at', p_expires_at,
    'replayed', false);
END $$;

CREATE OR REPLACE FUNCTION "ledger_commit"(
  p_reservation uuid, p_workspace uuid, p_actions text[], p_references text[], p_quantities bigint[],
  p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_res reservations%ROWTYPE;
  v_actions text[];
  v_references text[];
  v_amounts bigint[];
  v_charged bigint := 0;
  v_ids uuid[];
  v_balance bigint;
  v_lot uuid;
  v_need bigint;
  v_take bigint;
  v_expired_lots boolean;
  v_recheck boolean := false;
  v_workspace uuid;
  v_amount bigint;
  v_action text;
  v_reference text;
  v_id uuid;
BEGIN
  -- Fast path for a one-line reservation committed whole (no lines given), in two statements. The first reads
  -- the reservation and applies the commit to its account, which locks it, when nothing is due and the hold is
  -- there; the second, whose snapshot comes after the lock, resolves the reservation, takes the tokens from the
  -- first lot when it covers them, and writes the entry. Any other case takes the steps further below.
  IF p_actions IS NULL THEN
    WITH res AS (
      SELECT workspace_id, amount, line_quantities[1] * line_unit_prices[1] AS charge, line_actions[1] AS action,
             line_references[1] AS reference
        FROM reservations
       WHERE id = p_reservation AND status = 'pending' AND workspace_id = coalesce(p_workspace, workspace_id)
         AND cardinality(line_actions) = 1)
    UPDATE accounts a SET balance = a.balance - res.charge, reserved = a.reserved - res.amount, updated_at = p_now
      FROM res
     WHERE a.workspace_id = res.workspace_id AND (a.next_due_at IS NULL OR a.next_due_at > p_now)
       AND a.reserved >= res.amount
    RETURNING a.balance, res.workspace_id, res.amount, res.charge, res.action, res.reference
      INTO v_balance, v_workspace, v_amount, v_charged, v_action, v_reference;
    IF FOUND THEN
      v_id := gen_random_uuid();
      WITH resolved AS (
        UPDATE reservations
           SET status = 'committed', charged = v_charged, charge_ids = ARRAY[v_id], resolved_at = p_now,
               resolve_key = p_key, resolve_hash = p_hash
         WHERE id = p_reservation AND status = 'pending'
        RETURNING id),
      lot AS (
        UPDATE grant_lots g SET remaining = g.remaining - v_charged
          FROM resolved
         WHERE g.id = (SELECT id FROM grant_lots WHERE workspace_id = v_workspace AND remaining > 0
                        ORDER BY expires_at NULLS LAST, created_at, id LIMIT 1)
           AND g.remaining >= v_charged AND v_charged > 0
        RETURNING g.id, g.remaining, g.expires_at)
      INSERT INTO ledger_entries (id, workspace_id, kind, action, amount, balance_after, reference, reservation_id,
                                  lot_id, created_at)
      SELECT v_id, v_workspace, 'charge', v_action, -v_charged, v_balance, v_reference, p_reservation,
             (SELECT id FROM lot), p_now
        FROM resolved
      -- Whether a lot that expired while tokens were held has tokens left now (this statement's own snapshot
      -- predates the lot update, hence the charged lot is judged by what the update returned).
      RETURNING lot_id,
                EXISTS (SELECT 1 FROM grant_lots
                         WHERE workspace_id = v_workspace AND remaining > 0 AND expires_at <= p_now
                           AND id IS DISTINCT FROM (SELECT id FROM lot))
                OR EXISTS (SELECT 1 FROM lot WHERE remaining > 0 AND expires_at <= p_now)
        INTO v_lot, v_expired_lots;
      IF NOT FOUND THEN
        -- Resolved by a concurrent call between our look and the account lock: undo, and let the service call
        -- again (it then answers from the resolved reservation).
        RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'LEDGER_RETRY', DETAIL = '{}';
      END IF;
      IF v_lot IS NULL THEN
        -- No single lot covers the charge: spread it over the lots, in the order charges consume them.
        v_need := v_charged;
        WHILE v_need > 0 LOOP
          WITH lot AS (
            SELECT id, least(remaining, v_need) AS take FROM grant_lots
             WHERE workspace_id = v_workspace AND remaining > 0
             ORDER BY expires_at NULLS LAST, created_at, id LIMIT 1),
          taken AS (
            UPDATE grant_lots SET remaining = remaining - lot.take FROM lot WHERE grant_lots.id = lot.id
            RETURNING lot.id, lot.take)
          INSERT INTO charge_allocations (entry_id, lot_id, amount) SELECT v_id, id, take FROM taken
          RETURNING amount INTO v_take;
          IF NOT FOUND THEN
            PERFORM ledger_fail('INTERNAL', format('Lots of workspace %s do not cover its balance.', v_workspace));
          END IF;
          v_need := v_need - v_take;
        END LOOP;
        v_expired_lots := EXISTS (SELECT 1 FROM grant_lots
                                   WHERE workspace_id = v_workspace AND remaining > 0 AND expires_at <= p_now);
      END IF;
      IF v_expired_lots THEN
        PERFORM ledger_settle(v_workspace, p_now);
      END IF;
      RETURN jsonb_build_object('charged', v_charged, 'released', v_amount - v_charged,
        'charge_ids', jsonb_build_array(v_id), 'replayed', false);
    END IF;
    v_charged := 0;
  END IF;

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

  -- Apply the commit to the account, which locks it, when nothing is due and the hold is there. Every resolution
  -- of a reservation happens under its account's lock, so the UPDATE of the reservation below sees any resolution
  -- that committed before we got the lock: then nothing may stay applied (LEDGER_RETRY rolls back and the service
  -- calls again, which answers from the resolved reservation).
  UPDATE accounts SET balance = balance - v_charged, reserved = reserved - v_res.amount, updated_at = p_now
   WHERE workspace_id = v_res.workspace_id AND (next_due_at IS NULL OR next_due_at > p_now) AND reserved >= v_res.amount
  RETURNING balance + v_charged INTO v_balance;
  IF NOT FOUND THEN
    -- Something is due (which may expire this very reservation) or the hold is gone: lock, settle, look again.
    v_balance := ledger_lock_account(v_res.workspace_id, p_now);
    SELECT * INTO v_res FROM reservations WHERE id = p_reservation;
    IF v_res.status <> 'pending' THEN
      RETURN ledger_resolution_replay(v_res, p_key, p_hash);
    END IF;
    UPDATE accounts SET balance = balance - v_charged, reserved = reserved - v_res.amount, updated_at = p_now
     WHERE workspace_id = v_res.workspace_id;
  END IF;
  UPDATE reservations
     SET status = 'committed', charged = v_charged, charge_ids = coalesce(v_ids, '{}'), resolved_at = p_now,
         resolve_key = p_key, resolve_hash = p_hash
   WHERE id = p_reservation AND status = 'pending';
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'LEDGER_RETRY', DETAIL = '{}';
  END IF;

  v_recheck := cardinality(v_actions) = 0;
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
    -- The entry also answers whether lots that expired while tokens were held have tokens left now.
    INSERT INTO ledger_entries (id, workspace_id, kind, action, amount, balance_after, reference, reservation_id,
                                lot_id, created_at)
    VALUES (v_ids[i], v_res.workspace_id, 'charge', v_actions[i], -v_amounts[i], v_balance, v_references[i],
            p_reservation, v_lot, p_now)
    RETURNING EXISTS (SELECT 1 FROM grant_lots
                       WHERE workspace_id = v_res.workspace_id AND remaining > 0 AND expires_at <= p_now)
      INTO v_expired_lots;
    IF v_lot IS NULL THEN
      v_recheck := true;
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
  IF v_recheck THEN
    v_expired_lots := EXISTS (SELECT 1 FROM grant_lots
                               WHERE workspace_id = v_res.workspace_id AND remaining > 0 AND expires_at <= p_now);
  END IF;
  IF v_expired_lots THEN
    PERFORM ledger_settle(v_res.workspace_id, p_now);
  END IF;

  RETURN jsonb_build_object('charged', v_charged, 'released', v_res.amount - v_charged,
    'charge_ids', to_jsonb(coalesce(v_ids, '{}')), 'replayed', false);
END $$;

-- Big CHECK expressions are re-read and planned by PostgreSQL on every statement that writes the table; the same
-- rule in an immutable PL/pgSQL function is compiled once per connection.
CREATE FUNCTION "ledger_entry_kind_ok"(p_kind ledger_entry_kind, p_amount bigint, p_action text, p_reservation uuid,
  p_refund_of uuid, p_lot uuid) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (p_kind = 'charge' AND p_amount <= 0 AND p_action NOT IN ('token_grant', 'token_expired') AND p_reservation IS NOT NULL)
      OR (p_kind = 'refund' AND p_amount >= 0 AND p_refund_of IS NOT NULL)
      OR (p_kind = 'grant' AND p_amount > 0 AND p_action = 'token_grant' AND p_lot IS NOT NULL)
      OR (p_kind = 'expiry' AND p_amount < 0 AND p_action = 'token_expired' AND p_lot IS NOT NULL);
END $$;
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check",
  ADD CONSTRAINT "ledger_entries_kind_check"
  CHECK ("ledger_entry_kind_ok"("kind", "amount", "action", "reservation_id", "refund_of", "lot_id"));
CREATE FUNCTION "reservation_lines_ok"(p_actions text[], p_references text[], p_quantities bigint[], p_prices bigint[])
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN cardinality(p_actions) = cardinality(p_references) AND cardinality(p_actions) = cardinality(p_quantities)
     AND cardinality(p_actions) = cardinality(p_prices) AND 1 <= ALL (p_quantities) AND 0 <= ALL (p_prices);
END $$;
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_lines_check",
  ADD CONSTRAINT "reservations_lines_check"
  CHECK ("reservation_lines_ok"("line_actions", "line_references", "line_quantities", "line_unit_prices"));
