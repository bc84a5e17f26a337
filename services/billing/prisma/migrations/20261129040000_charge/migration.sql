-- Charge (issue 27): debit and commit in one durable transaction, for synchronous work whose price is known
-- before it runs. A charge is a reservation made and committed whole in the same transaction, so it keeps every
-- rule of the pair unchanged: the price look-up, the all-or-nothing coverage check over every line, the
-- "a unit of work is charged once" rule, the lot consumption order, the entries (one per unit, each naming its
-- reservation) and the refund path (ledger_refund finds the entry by action and reference). The charge's key is
-- both the reservation's key and its resolution's key, with a request hash of its own ('charge'), so a replay
-- answers the first result, the same key with another request (or a key already used by Reserve) fails with
-- IDEMPOTENCY_KEY_REUSED, and a reservation made by Charge is never left pending.
-- The hold is given a day to live: it is resolved in the same transaction, and a short expiry would only make
-- the account's next_due_at fall due (and send later calls through the settle path) for nothing.
CREATE FUNCTION "ledger_charge"(
  p_workspace uuid, p_reservation uuid, p_actions text[], p_references text[], p_quantities bigint[],
  p_key text, p_hash text, p_now timestamptz)
RETURNS jsonb LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  v_reserved jsonb;
  v_committed jsonb;
  v_reservation uuid;
  v_lines jsonb;
BEGIN
  v_reserved := ledger_reserve(p_workspace, p_reservation, p_actions, p_references, p_quantities,
    p_now + interval '1 day', p_key, p_hash, p_now);
  v_reservation := (v_reserved ->> 'reservation_id')::uuid;
  v_committed := ledger_commit(v_reservation, p_workspace, NULL, NULL, NULL, p_key, p_hash, p_now);
  -- The lines as reserved (a replay's lines may come in another order), for the priced lines of the answer.
  SELECT jsonb_build_object('line_actions', to_jsonb(line_actions), 'line_references', to_jsonb(line_references),
           'line_quantities', to_jsonb(line_quantities), 'line_unit_prices', to_jsonb(line_unit_prices))
    INTO v_lines FROM reservations WHERE id = v_reservation;
  -- A replay also says whether a unit of the charge was refunded since (its work failed): the caller then knows
  -- the work is not paid for, and charges the retry as a new unit.
  RETURN v_committed || v_lines || jsonb_build_object('replayed', (v_reserved ->> 'replayed')::boolean,
    'refunded', (v_reserved ->> 'replayed')::boolean AND EXISTS (
      SELECT 1 FROM ledger_entries WHERE workspace_id = p_workspace AND kind = 'refund'
         AND refund_of IN (SELECT jsonb_array_elements_text(v_committed -> 'charge_ids')::uuid)));
END $$;
