/**
 * A reference model of the ledger rules of DESIGN §4, written independently of the service: what each call
 * should answer and how the balance should move. The model-based test runs the same calls against the real
 * service and this model and requires identical outcomes. Each call is a transaction: a failed call leaves
 * the model as it was, as the database rolls back.
 */

export type Outcome = { ok: Record<string, unknown> } | { error: string; details?: Record<string, unknown> };

interface Lot {
  seq: number;
  expiresAt: number | null;
  remaining: number;
}

interface ModelReservation {
  id: string;
  lines: { action: string; ref: string; quantity: number; unitPrice: number }[];
  amount: number;
  status: 'pending' | 'committed' | 'released' | 'expired';
  expiresAt: number;
  reserveKey: string;
  reserveHash: string;
  resolveKey?: string;
  resolveHash?: string;
  response?: Record<string, unknown>;
  /** Made and committed by a Charge: its id is not told, so no Commit or Release targets it. */
  viaCharge?: boolean;
}

interface Charge {
  amount: number;
  allocations: { lot: number; amount: number }[];
  refund?: Record<string, unknown>;
}

interface State {
  lots: Lot[];
  reservations: Record<string, ModelReservation>;
  charges: Record<string, Charge>;
  /** Refund and grant keys: first response and request fingerprint. */
  keys: Record<string, { hash: string; response: Record<string, unknown> }>;
  expired: number;
  nextSeq: number;
}

export interface UsageLine {
  action: string;
  ref: string;
  quantity: number;
}

const unit = (action: string, ref: string) => `${action}:${ref}`;
const fingerprint = (value: unknown) => JSON.stringify(value);
const sorted = (lines: UsageLine[]) =>
  [...lines].sort((a, b) => unit(a.action, a.ref).localeCompare(unit(b.action, b.ref))).map((l) => [l.action, l.ref, l.quantity]);
const fail = (error: string, details?: Record<string, unknown>): Outcome => ({ error, ...(details ? { details } : {}) });

export class LedgerModel {
  private state: State = { lots: [], reservations: {}, charges: {}, keys: {}, expired: 0, nextSeq: 0 };

  constructor(
    private readonly prices: Record<string, number>,
    private readonly defaultTtlSeconds: number,
  ) {}

  get balance(): number {
    return this.state.lots.reduce((sum, lot) => sum + lot.remaining, 0);
  }

  get reserved(): number {
    return Object.values(this.state.reservations)
      .filter((r) => r.status === 'pending')
      .reduce((sum, r) => sum + r.amount, 0);
  }

  get expiredTotal(): number {
    return this.state.expired;
  }

  get chargeCount(): number {
    return Object.keys(this.state.charges).length;
  }

  get refundCount(): number {
    return Object.values(this.state.charges).filter((c) => c.refund).length;
  }

  /** Reservations made by Reserve, in creation order, with their status. */
  reservations(): ModelReservation[] {
    return Object.values(this.state.reservations).filter((r) => !r.viaCharge);
  }

  chargedUnits(): { action: string; ref: string }[] {
    return Object.keys(this.state.charges).map((key) => {
      const [action, ref] = key.split(':') as [string, string];
      return { action, ref };
    });
  }

  reservation(id: string): ModelReservation | undefined {
    return this.state.reservations[id];
  }

  /** Runs `change` as a transaction: kept when it succeeds, undone when it fails. */
  private transaction(change: (s: State) => Outcome): Outcome {
    const draft = structuredClone(this.state);
    const outcome = change(draft);
    if ('ok' in outcome) this.state = draft;
    return outcome;
  }

  /** What falls due at `now`: holds past their time, then the unprotected part of expired lots. */
  private settle(s: State, now: number): void {
    for (const r of Object.values(s.reservations)) {
      if (r.status === 'pending' && r.expiresAt <= now) r.status = 'expired';
    }
    let protect = Object.values(s.reservations)
      .filter((r) => r.status === 'pending')
      .reduce((sum, r) => sum + r.amount, 0);
    const due = s.lots
      .filter((l) => l.expiresAt !== null && l.expiresAt <= now && l.remaining > 0)
      .sort((a, b) => a.expiresAt! - b.expiresAt! || a.seq - b.seq);
    for (const lot of due) {
      const keep = Math.min(lot.remaining, protect);
      protect -= keep;
      s.expired += lot.remaining - keep;
      lot.remaining = keep;
    }
  }

  private balanceOf(s: State): number {
    return s.lots.reduce((sum, lot) => sum + lot.remaining, 0);
  }

  private reservedOf(s: State): number {
    return Object.values(s.reservations)
      .filter((r) => r.status === 'pending')
      .reduce((sum, r) => sum + r.amount, 0);
  }

  /** GetBalance: settles, then reports. */
  getBalance(now: number): { balance: number; reserved: number } {
    this.transaction((s) => {
      this.settle(s, now);
      return { ok: {} };
    });
    return { balance: this.balance, reserved: this.reserved };
  }

  grant(now: number, amount: number, expiresInSeconds: number, key: string): Outcome {
    return this.transaction((s) => {
      const hash = fingerprint(['grant', amount, expiresInSeconds]);
      const prior = s.keys[`grant:${key}`];
      if (prior) return prior.hash === hash ? { ok: { ...prior.response, replayed: true } } : fail('IDEMPOTENCY_KEY_REUSED');
      this.settle(s, now);
      s.lots.push({ seq: s.nextSeq++, expiresAt: expiresInSeconds > 0 ? now + expiresInSeconds * 1000 : null, remaining: amount });
      const response = { balance: this.balanceOf(s) };
      s.keys[`grant:${key}`] = { hash, response };
      return { ok: { ...response, replayed: false } };
    });
  }

  /** `id` is the id the service gave the reservation (the model cannot invent it). */
  reserve(now: number, lines: UsageLine[], ttlSeconds: number, key: string, id: () => string | undefined): Outcome {
    return this.transaction((s) => {
      const hash = fingerprint(['reserve', sorted(lines), ttlSeconds]);
      const prior = Object.values(s.reservations).find((r) => r.reserveKey === key);
      if (prior) {
        if (prior.reserveHash !== hash) return fail('IDEMPOTENCY_KEY_REUSED');
        return { ok: { reservationId: prior.id, amount: prior.amount, replayed: true } };
      }
      const unknown = lines.find((l) => this.prices[l.action] === undefined);
      if (unknown) return fail('UNKNOWN_ACTION');
      if (lines.some((l) => s.charges[unit(l.action, l.ref)])) return fail('ALREADY_EXISTS');
      this.settle(s, now);
      const amount = lines.reduce((sum, l) => sum + l.quantity * this.prices[l.action]!, 0);
      const available = this.balanceOf(s) - this.reservedOf(s);
      if (amount > available) return fail('INSUFFICIENT_CREDITS', { balance: available, required: amount });
      const reservationId = id();
      if (!reservationId) return fail('MODEL: service refused a reservation the model accepts');
      s.reservations[reservationId] = {
        id: reservationId,
        lines: lines.map((l) => ({ ...l, unitPrice: this.prices[l.action]! })),
        amount,
        status: 'pending',
        expiresAt: now + (ttlSeconds || this.defaultTtlSeconds) * 1000,
        reserveKey: key,
        reserveHash: hash,
      };
      return { ok: { reservationId, amount, replayed: false } };
    });
  }

  /** Replay or refusal for a reservation that is no longer pending (Commit and Release). */
  private resolved(r: ModelReservation, key: string, hash: string): Outcome {
    if (r.resolveKey === key) {
      return r.resolveHash === hash ? { ok: { ...r.response, replayed: true } } : fail('IDEMPOTENCY_KEY_REUSED');
    }
    return fail('RESERVATION_NOT_PENDING', { status: r.status });
  }

  /** `lines` null: everything reserved. `chargeIds` come from the service's answer. */
  commit(now: number, id: string, requested: UsageLine[] | null, key: string, chargeIds: () => string[] | undefined): Outcome {
    // No lines at all means everything reserved (the API's contract).
    const lines = requested !== null && requested.length === 0 ? null : requested;
    return this.transaction((s) => {
      const r = s.reservations[id];
      if (!r) return fail('NOT_FOUND');
      const hash = fingerprint(['commit', id, lines === null ? null : sorted(lines)]);
      if (r.status !== 'pending') return this.resolved(r, key, hash);
      const actual = lines === null ? r.lines.map((l) => ({ ...l })) : [];
      if (lines !== null) {
        for (const l of lines) {
          const reserved = r.lines.find((x) => x.action === l.action && x.ref === l.ref);
          if (!reserved || l.quantity > reserved.quantity) return fail('INVALID_ARGUMENT');
        }
        for (const reserved of r.lines) {
          const used = lines.find((l) => l.action === reserved.action && l.ref === reserved.ref);
          if (used && used.quantity > 0) actual.push({ ...reserved, quantity: used.quantity });
        }
      }
      this.settle(s, now);
      if (r.status !== 'pending') return fail('RESERVATION_NOT_PENDING', { status: r.status });
      if (Object.values(s.reservations).some((o) => o.id !== id && o.resolveKey === key)) return fail('IDEMPOTENCY_KEY_REUSED');
      if (actual.some((l) => s.charges[unit(l.action, l.ref)])) return fail('ALREADY_EXISTS');
      const ids = chargeIds();
      if (!ids || ids.length !== actual.length) return fail('MODEL: service charged differently');
      const charged = this.takeFromLots(s, actual);
      if (charged === undefined) return fail('MODEL: lots do not cover the balance');
      r.status = 'committed';
      r.resolveKey = key;
      r.resolveHash = hash;
      // Priced lines in the reservation's order, the i-th the unit of the i-th charge id; a replay answers them again.
      const priced = actual.map((l) => ({ line: { action: l.action, quantity: l.quantity, ref: l.ref }, unitPrice: l.unitPrice, amount: l.quantity * l.unitPrice }));
      r.response = { charged, released: r.amount - charged, chargeIds: ids, lines: priced };
      this.settle(s, now);
      return { ok: { ...r.response, replayed: false } };
    });
  }

  /**
   * Charge: a reservation of `lines` committed whole in the same transaction (the service's ledger_charge). The
   * key is the reservation's and the resolution's; `id` and `chargeIds` come from the service's answer.
   */
  charge(now: number, lines: UsageLine[], key: string, chargeIds: () => string[] | undefined): Outcome {
    return this.transaction((s) => {
      const hash = fingerprint(['charge', sorted(lines)]);
      const prior = Object.values(s.reservations).find((r) => r.reserveKey === key);
      if (prior) {
        if (prior.reserveHash !== hash) return fail('IDEMPOTENCY_KEY_REUSED');
        const refunded = prior.lines.some((l) => s.charges[unit(l.action, l.ref)]?.refund);
        return { ok: { ...prior.response, replayed: true, refunded } };
      }
      if (lines.some((l) => this.prices[l.action] === undefined)) return fail('UNKNOWN_ACTION');
      if (lines.some((l) => s.charges[unit(l.action, l.ref)])) return fail('ALREADY_EXISTS');
      this.settle(s, now);
      const priced = lines.map((l) => ({ ...l, unitPrice: this.prices[l.action]! }));
      const amount = priced.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0);
      const available = this.balanceOf(s) - this.reservedOf(s);
      if (amount > available) return fail('INSUFFICIENT_CREDITS', { balance: available, required: amount });
      if (Object.values(s.reservations).some((o) => o.resolveKey === key)) return fail('IDEMPOTENCY_KEY_REUSED');
      const ids = chargeIds();
      if (!ids || ids.length !== lines.length) return fail('MODEL: service charged differently');
      const charged = this.takeFromLots(s, priced);
      if (charged === undefined) return fail('MODEL: lots do not cover the balance');
      const id = `charge:${key}`;
      s.reservations[id] = {
        id,
        lines: priced,
        amount,
        status: 'committed',
        expiresAt: now + 86_400_000,
        reserveKey: key,
        reserveHash: hash,
        resolveKey: key,
        resolveHash: hash,
        viaCharge: true,
        response: {
          charged,
          chargeIds: ids,
          lines: priced.map((l) => ({ line: { action: l.action, quantity: l.quantity, ref: l.ref }, unitPrice: l.unitPrice, amount: l.quantity * l.unitPrice })),
        },
      };
      this.settle(s, now);
      return { ok: { ...s.reservations[id]!.response, replayed: false, refunded: false } };
    });
  }

  /** Charges each unit from the lots that expire first (then the oldest); the total, or undefined when short. */
  private takeFromLots(s: State, units: { action: string; ref: string; quantity: number; unitPrice: number }[]): number | undefined {
    let charged = 0;
    for (const l of units) {
      const amount = l.quantity * l.unitPrice;
      charged += amount;
      const allocations: Charge['allocations'] = [];
      let need = amount;
      const order = s.lots
        .filter((lot) => lot.remaining > 0)
        .sort((a, b) => (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity) || a.seq - b.seq);
      for (const lot of order) {
        if (need === 0) break;
        const take = Math.min(need, lot.remaining);
        lot.remaining -= take;
        need -= take;
        allocations.push({ lot: lot.seq, amount: take });
      }
      if (need > 0) return undefined;
      s.charges[unit(l.action, l.ref)] = { amount, allocations };
    }
    return charged;
  }

  release(now: number, id: string, key: string): Outcome {
    return this.transaction((s) => {
      const r = s.reservations[id];
      if (!r) return fail('NOT_FOUND');
      const hash = fingerprint(['release', id]);
      if (r.status !== 'pending') return this.resolved(r, key, hash);
      this.settle(s, now);
      if (r.status !== 'pending') return fail('RESERVATION_NOT_PENDING', { status: r.status });
      if (Object.values(s.reservations).some((o) => o.id !== id && o.resolveKey === key)) return fail('IDEMPOTENCY_KEY_REUSED');
      r.status = 'released';
      r.resolveKey = key;
      r.resolveHash = hash;
      r.response = { released: r.amount };
      this.settle(s, now);
      return { ok: { ...r.response, replayed: false } };
    });
  }

  refund(now: number, action: string, ref: string, key: string): Outcome {
    return this.transaction((s) => {
      const hash = fingerprint(['refund', action, ref]);
      const prior = s.keys[`refund:${key}`];
      if (prior) return prior.hash === hash ? { ok: { ...prior.response, replayed: true } } : fail('IDEMPOTENCY_KEY_REUSED');
      this.settle(s, now);
      const charge = s.charges[unit(action, ref)];
      if (!charge) return fail('NOT_FOUND');
      if (charge.refund) {
        const response = { ...charge.refund, alreadyRefunded: true };
        s.keys[`refund:${key}`] = { hash, response };
        return { ok: { ...response, replayed: false } };
      }
      for (const { lot, amount } of charge.allocations) s.lots.find((l) => l.seq === lot)!.remaining += amount;
      charge.refund = { refunded: charge.amount };
      this.settle(s, now);
      const response = { refunded: charge.amount, alreadyRefunded: false };
      s.keys[`refund:${key}`] = { hash, response };
      return { ok: { ...response, replayed: false } };
    });
  }
}
