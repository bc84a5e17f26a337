-- ledger_commit spreads a charge no single lot covers through ledger_allocate_charge (charge_fast_path), the one
-- definition of the order in which charges consume lots, instead of two copies of the same loop of its own.
-- Nothing else changes: same statements, same locks, same answers.
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
        PERFORM ledger_allocate_charge(v_workspace, v_id, v_charged);
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
      PERFORM ledger_allocate_charge(v_res.workspace_id, v_ids[i], v_amounts[i]);
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
