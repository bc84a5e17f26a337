-- Charge fast path (issue 27): a charge no longer goes through ledger_reserve + ledger_commit when nothing stands
-- in the way. Two statements instead of the pair's five or more, and fewer rows written: the account is updated
-- once (not held, then debited), and the reservation row is inserted already committed (never inserted pending
-- and then updated, which was a non-HOT update with three index entries).
--
-- * The first statement prices every line and debits the account, which locks it, only when the key is new, every
--   action is priced, no unit was charged, nothing is due and the tokens are available.
-- * The second, whose snapshot comes after the lock (so it sees every lot change that committed before it: lot
--   order holds), inserts the committed reservation, takes the total from the first lot when it covers it, and
--   writes one entry per line. A lot too small: the lines spread over the lots as ledger_commit does.
--   A one-line charge (the common case) has statements of its own, simpler to execute than the set-based ones.
-- * Anything else (a replay, a reused key, an unknown action, a unit already charged, something due, too few
--   tokens, an unknown workspace) takes the former path, reserve then commit in this transaction, which tells the
--   cases apart and answers as before.
--
-- Every rule is kept: a concurrent first use of the key or of a unit, which the first statement (its snapshot
-- predates the lock) cannot see, trips the same unique indexes as before (reserve key: the service retries and
-- replays; unit key: ALREADY_EXISTS; a resolution key: IDEMPOTENCY_KEY_REUSED). No trigger or CHECK stands in the
-- way of inserting a committed reservation (the resolve-once triggers guard UPDATE and DELETE; a resolved row has
-- resolved_at), and the row is the one the former path leaves (same key and hash twice, same lines, charged =
-- amount, charge ids, expires_at a day on), so Verify, replays and refunds see no difference.

-- The former charge (reserve then commit in one transaction), kept whole under another name for every case the
-- fast path leaves to it.
ALTER FUNCTION "ledger_charge"(uuid, uuid, text[], text[], bigint[], text, text, timestamptz)
  RENAME TO "ledger_charge_reserved";

-- Takes a charge entry's amount from the workspace's lots in the order charges consume them (expiring first),
-- one allocation per lot: for a charge no single lot covers. The caller holds the account lock.
CREATE FUNCTION "ledger_allocate_charge"(p_workspace uuid, p_entry uuid, p_amount bigint) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_need bigint := p_amount;
  v_take bigint;
BEGIN
  WHILE v_need > 0 LOOP
    WITH lot AS (
      SELECT id, least(remaining, v_need) AS take FROM grant_lots
       WHERE workspace_id = p_workspace AND remaining > 0
       ORDER BY expires_at NULLS LAST, created_at, id LIMIT 1),
    taken AS (
      UPDATE grant_lots SET remaining = remaining - lot.take FROM lot WHERE grant_lots.id = lot.id
      RETURNING lot.id, lot.take)
    INSERT INTO charge_allocations (entry_id, lot_id, amount) SELECT p_entry, id, take FROM taken
    RETURNING amount INTO v_take;
    IF NOT FOUND THEN
      PERFORM ledger_fail('INTERNAL', format('Lots of workspace %s do not cover its balance.', p_workspace));
    END IF;
    v_need := v_need - v_take;
  END LOOP;
END $$;

CREATE FUNCTION "ledger_charge"(
  p_workspace uuid, p_reservation uuid, p_actions text[], p_references text[], p_quantities bigint[],
  p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT
-- Generic plans: PL/pgSQL otherwise keeps re-planning the multi-line statements on every call (their generic
-- plan's estimate looks worse than a custom one), which cost a 4-line charge a quarter of its PostgreSQL CPU.
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_balance bigint;
  v_total bigint;
  v_prices bigint[];
  v_ids uuid[];
  v_lot uuid;
  v_expired_lots boolean;
BEGIN
  -- One line (the common charge), in the simplest statements: each statement's executor set-up costs more than
  -- the rows it touches.
  IF cardinality(p_actions) = 1 THEN
    UPDATE accounts a SET balance = a.balance - price.tokens * p_quantities[1], updated_at = p_now
      FROM (SELECT tokens FROM prices WHERE action = p_actions[1] ORDER BY version DESC LIMIT 1) price
     WHERE a.workspace_id = p_workspace AND a.balance - a.reserved >= price.tokens * p_quantities[1]
       AND (a.next_due_at IS NULL OR a.next_due_at > p_now)
       AND NOT EXISTS (SELECT 1 FROM reservations WHERE workspace_id = p_workspace AND reserve_key = p_key)
       AND NOT EXISTS (SELECT 1 FROM ledger_entries WHERE workspace_id = p_workspace AND kind = 'charge'
                          AND action = p_actions[1] AND reference = p_references[1])
    RETURNING a.balance + price.tokens * p_quantities[1], price.tokens * p_quantities[1], ARRAY[price.tokens]
      INTO v_balance, v_total, v_prices;
    IF FOUND THEN
      v_ids := ARRAY[gen_random_uuid()];
      WITH committed AS (
        INSERT INTO reservations (id, workspace_id, status, amount, line_actions, line_references, line_quantities,
                                  line_unit_prices, charged, charge_ids, created_at, expires_at, resolved_at,
                                  reserve_key, reserve_hash, resolve_key, resolve_hash)
        VALUES (p_reservation, p_workspace, 'committed', v_total, p_actions, p_references, p_quantities, v_prices,
                v_total, v_ids, p_now, p_now + interval '1 day', p_now, p_key, p_hash, p_key, p_hash)
        RETURNING id),
      lot AS (
        UPDATE grant_lots g SET remaining = g.remaining - v_total
         WHERE g.id = (SELECT id FROM grant_lots WHERE workspace_id = p_workspace AND remaining > 0
                        ORDER BY expires_at NULLS LAST, created_at, id LIMIT 1)
           AND g.remaining >= v_total AND v_total > 0
        RETURNING g.id, g.remaining, g.expires_at)
      INSERT INTO ledger_entries (id, workspace_id, kind, action, amount, balance_after, reference, reservation_id,
                                  lot_id, created_at)
      -- From the inserted reservation, so that it is written first: a concurrent first use of the key then fails
      -- on the reserve key (retried, a replay), before the unit key could make it look like ALREADY_EXISTS.
      SELECT v_ids[1], p_workspace, 'charge', p_actions[1], -v_total, v_balance - v_total, p_references[1],
             committed.id, (SELECT id FROM lot), p_now
        FROM committed
      -- As ledger_commit: whether a lot that expired while tokens were held has tokens left now (this statement's
      -- snapshot predates the lot update, hence the charged lot is judged by what the update returned).
      RETURNING lot_id,
                EXISTS (SELECT 1 FROM grant_lots
                         WHERE workspace_id = p_workspace AND remaining > 0 AND expires_at <= p_now
                           AND id IS DISTINCT FROM (SELECT id FROM lot))
                OR EXISTS (SELECT 1 FROM lot WHERE remaining > 0 AND expires_at <= p_now)
        INTO v_lot, v_expired_lots;
    END IF;
  ELSE
    WITH priced AS (
      SELECT l.action, l.reference, l.quantity, l.ord,
             (SELECT tokens FROM prices WHERE action = l.action ORDER BY version DESC LIMIT 1) AS tokens
        FROM unnest(p_actions, p_references, p_quantities) WITH ORDINALITY AS l(action, reference, quantity, ord)),
    total AS (
      SELECT sum(tokens * quantity)::bigint AS amount, array_agg(tokens ORDER BY ord) AS prices,
             count(tokens) = count(*) AS all_priced
        FROM priced)
    UPDATE accounts a SET balance = a.balance - total.amount, updated_at = p_now
      FROM total
     WHERE a.workspace_id = p_workspace AND total.all_priced AND a.balance - a.reserved >= total.amount
       AND (a.next_due_at IS NULL OR a.next_due_at > p_now)
       AND NOT EXISTS (SELECT 1 FROM reservations WHERE workspace_id = p_workspace AND reserve_key = p_key)
       AND NOT EXISTS (SELECT 1 FROM priced JOIN ledger_entries e
                          ON e.workspace_id = p_workspace AND e.kind = 'charge' AND e.action = priced.action
                         AND e.reference = priced.reference)
    RETURNING a.balance + total.amount, total.amount, total.prices INTO v_balance, v_total, v_prices;

    IF FOUND THEN
      WITH lines AS (
        SELECT l.ord, l.action, l.reference, l.quantity * v_prices[l.ord] AS amount, gen_random_uuid() AS id
          FROM unnest(p_actions, p_references, p_quantities) WITH ORDINALITY AS l(action, reference, quantity, ord)),
      committed AS (
        INSERT INTO reservations (id, workspace_id, status, amount, line_actions, line_references, line_quantities,
                                  line_unit_prices, charged, charge_ids, created_at, expires_at, resolved_at,
                                  reserve_key, reserve_hash, resolve_key, resolve_hash)
        SELECT p_reservation, p_workspace, 'committed', v_total, p_actions, p_references, p_quantities, v_prices,
               v_total, array_agg(id ORDER BY ord), p_now, p_now + interval '1 day', p_now, p_key, p_hash, p_key, p_hash
          FROM lines
        RETURNING charge_ids),
      lot AS (
        UPDATE grant_lots g SET remaining = g.remaining - v_total
         WHERE g.id = (SELECT id FROM grant_lots WHERE workspace_id = p_workspace AND remaining > 0
                        ORDER BY expires_at NULLS LAST, created_at, id LIMIT 1)
           AND g.remaining >= v_total AND v_total > 0
        RETURNING g.id, g.remaining, g.expires_at),
      entries AS (
        -- In line order, so that seq and balance_after run the same way.
        INSERT INTO ledger_entries (id, workspace_id, kind, action, amount, balance_after, reference, reservation_id,
                                    lot_id, created_at)
        SELECT l.id, p_workspace, 'charge', l.action, -l.amount,
               v_balance - (sum(l.amount) OVER (ORDER BY l.ord))::bigint, l.reference, p_reservation,
               CASE WHEN l.amount > 0 THEN (SELECT id FROM lot) END, p_now
          FROM lines l ORDER BY l.ord)
      -- The reservation is written first (the first column; the entries, not referenced, come last), as above.
      -- Whether a lot that expired while tokens were held has tokens left (this statement's snapshot predates the
      -- lot update, hence the charged lot is judged by what the update returned), as ledger_commit asks.
      SELECT (SELECT charge_ids FROM committed), (SELECT id FROM lot),
             EXISTS (SELECT 1 FROM grant_lots
                      WHERE workspace_id = p_workspace AND remaining > 0 AND expires_at <= p_now
                        AND id IS DISTINCT FROM (SELECT id FROM lot))
             OR EXISTS (SELECT 1 FROM lot WHERE remaining > 0 AND expires_at <= p_now)
        INTO v_ids, v_lot, v_expired_lots;
    END IF;
  END IF;

  -- The fast path ran (v_ids set): lots too small for one to cover the charge, expired lots, the answer.
  IF v_ids IS NOT NULL THEN
    IF v_lot IS NULL AND v_total > 0 THEN
      -- No single lot covers the charge: each line spread over the lots, in the order charges consume them.
      FOR i IN 1 .. cardinality(p_actions) LOOP
        PERFORM ledger_allocate_charge(p_workspace, v_ids[i], p_quantities[i] * v_prices[i]);
      END LOOP;
      v_expired_lots := EXISTS (SELECT 1 FROM grant_lots
                                 WHERE workspace_id = p_workspace AND remaining > 0 AND expires_at <= p_now);
    END IF;
    IF v_expired_lots THEN
      PERFORM ledger_settle(p_workspace, p_now);
    END IF;
    RETURN jsonb_build_object('charged', v_total, 'released', 0, 'charge_ids', to_jsonb(v_ids),
      'replayed', false, 'refunded', false,
      'line_actions', to_jsonb(p_actions), 'line_references', to_jsonb(p_references),
      'line_quantities', to_jsonb(p_quantities), 'line_unit_prices', to_jsonb(v_prices));
  END IF;

  -- Every other case: the former path, a reservation made and committed whole in this transaction.
  RETURN ledger_charge_reserved(p_workspace, p_reservation, p_actions, p_references, p_quantities, p_key, p_hash, p_now);
END $$;
