import { DomainError } from '@talent/platform';
import type pg from 'pg';
import type { Db } from '../db.js';
import { validateLines, validateTokens, type UsageLine } from '../ledger/usage-lines.js';

export interface Price {
  action: string;
  tokens: number;
  unit: string;
  description: string;
  version: number;
}

export interface Quote {
  total: number;
  lines: { line: UsageLine; unitPrice: number; amount: number }[];
}

/**
 * The price list: one current price per billable action; setting a price appends a version.
 * Reads are served from a snapshot at most `cacheMs` old (prices change rarely and are read on every listing
 * and quote; reservations price their lines in the database, never from this snapshot); a price set through
 * this replica is visible at once.
 */
export class PriceList {
  private snapshot: { at: number; prices: Promise<Price[]> } | undefined;

  constructor(
    private readonly db: Db,
    private readonly pool: pg.Pool,
    private readonly cacheMs = 1_000,
  ) {}

  list(): Promise<Price[]> {
    const now = Date.now();
    if (!this.snapshot || now - this.snapshot.at >= this.cacheMs) {
      const prices = this.load();
      this.snapshot = { at: now, prices };
      prices.catch(() => {
        if (this.snapshot?.prices === prices) this.snapshot = undefined;
      });
    }
    return this.snapshot.prices;
  }

  private async load(): Promise<Price[]> {
    const actions = await this.db.billableAction.findMany({
      orderBy: { action: 'asc' },
      include: { prices: { orderBy: { version: 'desc' }, take: 1 } },
    });
    return actions.flatMap((a) => {
      const current = a.prices[0];
      return current
        ? [{ action: a.action, tokens: Number(current.tokens), unit: a.unit, description: a.description, version: current.version }]
        : [];
    });
  }

  /** What the lines would cost now; nothing is held or charged. */
  async quote(lines: readonly UsageLine[]): Promise<Quote> {
    const valid = validateLines(lines, { minQuantity: 1, requireRef: false });
    const prices = new Map((await this.list()).map((p) => [p.action, p.tokens]));
    const priced = valid.map((line) => {
      const unitPrice = prices.get(line.action);
      if (unitPrice === undefined) {
        throw new DomainError('UNKNOWN_ACTION', `"${line.action}" is not a billable action.`, { action: line.action });
      }
      return { line, unitPrice, amount: unitPrice * line.quantity };
    });
    return { total: priced.reduce((sum, l) => sum + l.amount, 0), lines: priced };
  }

  /** Makes `tokens` the price of `action` from now on; reservations already made keep their price. */
  async set(actionInput: string, tokensInput: number): Promise<Price> {
    const action = actionInput.trim();
    const tokens = validateTokens(tokensInput, 'tokens', 0);
    const known = await this.db.billableAction.findUnique({ where: { action } });
    if (!known) throw new DomainError('UNKNOWN_ACTION', `"${action}" is not a billable action.`, { action });
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await this.pool.query<{ version: number }>(
          `INSERT INTO prices (action, version, tokens)
           SELECT $1, coalesce(max(version), 0) + 1, $2 FROM prices WHERE action = $1
           RETURNING version`,
          [action, tokens],
        );
        this.snapshot = undefined;
        return { action, tokens, unit: known.unit, description: known.description, version: rows[0]!.version };
      } catch (error) {
        // Two prices set at once: the later one takes the next version.
        if ((error as { code?: string }).code === '23505' && attempt < 5) continue;
        throw error;
      }
    }
  }
}
