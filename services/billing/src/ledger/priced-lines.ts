import type { UsageLine } from './usage-lines.js';

/** One charged unit of work: what was used, at the reservation's unit price. */
export interface PricedLine {
  line: UsageLine;
  unitPrice: number;
  amount: number;
}

/** A reservation's lines as stored (parallel arrays; they never change once reserved). */
export interface ReservedLines {
  actions: readonly string[];
  refs: readonly string[];
  quantities: readonly number[];
  unitPrices: readonly number[];
}

/**
 * The lines a commit charged, worked out as `ledger_commit` does: in the reservation's order, each reserved unit
 * with the quantity committed for it (`committed` null: everything reserved), units committed at 0 left out. So
 * the i-th line is the unit of the i-th charge id. A replay has the same request (its fingerprint is checked) and
 * the same reservation, hence the same lines.
 */
export function pricedLines(reserved: ReservedLines, committed: readonly UsageLine[] | null): PricedLine[] {
  const usedQuantity = committed === null ? undefined : new Map(committed.map((line) => [`${line.action}\u0000${line.ref}`, line.quantity]));
  const lines: PricedLine[] = [];
  reserved.actions.forEach((action, index) => {
    const ref = reserved.refs[index]!;
    const quantity = usedQuantity ? (usedQuantity.get(`${action}\u0000${ref}`) ?? 0) : reserved.quantities[index]!;
    if (quantity <= 0) return;
    const unitPrice = reserved.unitPrices[index]!;
    lines.push({ line: { action, quantity, ref }, unitPrice, amount: quantity * unitPrice });
  });
  return lines;
}
