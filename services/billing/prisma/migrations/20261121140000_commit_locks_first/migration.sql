-- ledger_commit, first version, applied the commit to the account row before re-reading the reservation; a
-- Release resolving the same reservation meanwhile made it subtract the hold twice (caught by the CHECK on
-- accounts, but reported as an internal error). Now it locks the account first and then reads the reservation:
-- every resolution happens under that lock, so the status it reads is final.
-- Charges the actual usage (NULL arrays: everything reserved), one ledger entry per unit of work, taking tokens
-- from the lots that expire first; releases the rest of the hold.
CREATE OR REPLACE FUNCTION "ledger_commit"(
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
  v_due timestamptz;
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

  -- Lock the account (and settle what is due, which may expire this very reservation). Every resolution of a
  -- reservation happens under its account's lock, so once we hold it the status we read is final.
  SELECT next_due_at, balance INTO v_due, v_balance FROM accounts WHERE workspace_id = v_res.workspace_id FOR UPDATE;
  IF v_due <= p_now THEN
    PERFORM ledger_settle(v_res.workspace_id, p_now);
    SELECT balance INTO v_balance FROM accounts WHERE workspace_id = v_res.workspace_id;
  END IF;
  SELECT * INTO v_res FROM reservations WHERE id = p_reservation;
  IF v_res.status <> 'pending' THEN
    RETURN ledger_resolution_replay(v_res, p_key, p_hash);
  END IF;
  UPDATE accounts SET balance = balance - v_charged, reserved = reserved - v_res.amount, updated_at = p_now
   WHERE workspace_id = v_res.workspace_id;
  UPDATE reservations
     SET status = 'committed', charged = v_charged, charge_ids = coalesce(v_ids, '{}'), resolved_at = p_now,
         resolve_key = p_key, resolve_hash = p_hash
   WHERE id = p_reservation;

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
