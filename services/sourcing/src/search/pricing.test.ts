import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actualLines, chargedItems, planWindow, worstCaseLines, type BoughtCandidate, type ChargeLine } from './pricing.js';

const terms = (searchType: 'fast' | 'pro', highFreshness: boolean) => ({ sessionId: 's1', searchType, highFreshness });
const units = (lines: ChargeLine[]) => lines.map((line) => `${line.action}@${line.ref}`).sort();

describe('sourcing pricing', () => {
  it('asks the provider only for positions not bought and below a known total', () => {
    const bought = new Map<number, BoughtCandidate>([
      [2, { position: 2, profileId: 'a', insights: false, emailRevealed: false, phoneRevealed: false, hasEmail: true, hasPhone: false }],
    ]);
    expect(planWindow({ offset: 0, limit: 5 }, null, bought)).toMatchObject({ missing: [0, 1, 3, 4], bought: [2] });
    expect(planWindow({ offset: 0, limit: 5 }, 3, bought)).toMatchObject({ missing: [0, 1], bought: [2] });
    expect(planWindow({ offset: 10, limit: 5 }, 3, bought)).toMatchObject({ missing: [], bought: [] });
  });

  it('charges a moved profile (bought at another position) nothing', () => {
    const plan = planWindow({ offset: 0, limit: 2 }, null, new Map());
    const returned = new Map([
      [0, { profileId: 'x', hasEmail: true, hasPhone: true }],
      [1, { profileId: 'moved', hasEmail: true, hasPhone: true }],
    ]);
    const lines = actualLines(terms('fast', false), { insights: true, revealEmails: true, revealPhones: false }, plan, new Map(), returned, 'c', new Set(['moved']));
    expect(units(lines)).toEqual(['sourcing_insights@s1:0', 'sourcing_reveal_email@s1:0', 'sourcing_search_fast@s1:call:c']);
  });

  it('never commits more than it reserved, and charges exactly base + premiums of what came back (property)', () => {
    const candidate = fc.record({ hasEmail: fc.boolean(), hasPhone: fc.boolean(), insights: fc.boolean(), emailRevealed: fc.boolean(), phoneRevealed: fc.boolean() });
    fc.assert(
      fc.property(
        fc.record({
          offset: fc.integer({ min: 0, max: 30 }),
          limit: fc.integer({ min: 1, max: 20 }),
          total: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
          searchType: fc.constantFrom('fast' as const, 'pro' as const),
          highFreshness: fc.boolean(),
          premiums: fc.record({ insights: fc.boolean(), revealEmails: fc.boolean(), revealPhones: fc.boolean() }),
          bought: fc.dictionary(fc.integer({ min: 0, max: 60 }).map(String), candidate),
          returnedContacts: fc.array(fc.record({ hasEmail: fc.boolean(), hasPhone: fc.boolean() }), { maxLength: 20 }),
        }),
        (input) => {
          const bought = new Map<number, BoughtCandidate>(
            Object.entries(input.bought).map(([key, value]) => [Number(key), { ...value, position: Number(key), profileId: `p${key}` }]),
          );
          const window = { offset: input.offset, limit: input.limit };
          const plan = planWindow(window, input.total, bought);
          const t = terms(input.searchType, input.highFreshness);
          const worst = worstCaseLines(t, input.premiums, plan, bought, 'c');
          const returned = new Map(
            plan.missing.slice(0, input.returnedContacts.length).map((position, index) => [position, { profileId: `new${position}`, ...input.returnedContacts[index]! }]),
          );
          const actual = actualLines(t, input.premiums, plan, bought, returned, 'c');
          const reserved = new Set(units(worst));
          for (const unit of units(actual)) expect(reserved.has(unit)).toBe(true);
          expect(new Set(units(actual)).size).toBe(actual.length);

          // The formula, written independently.
          let expected = plan.missing.length > 0 ? 1 : 0;
          for (const contacts of returned.values()) {
            expected += Number(input.premiums.insights) + Number(input.highFreshness);
            expected += Number(input.premiums.revealEmails && contacts.hasEmail) + Number(input.premiums.revealPhones && contacts.hasPhone);
          }
          for (const position of plan.bought) {
            const held = bought.get(position)!;
            expected += Number(input.premiums.insights && !held.insights);
            expected += Number(input.premiums.revealEmails && !held.emailRevealed && held.hasEmail);
            expected += Number(input.premiums.revealPhones && !held.phoneRevealed && held.hasPhone);
          }
          expect(actual.length).toBe(expected);
          const base = input.searchType === 'pro' ? 'sourcing_search_pro' : 'sourcing_search_fast';
          expect(actual.filter((line) => line.action.startsWith('sourcing_search')).every((line) => line.action === base)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("itemises billing's priced lines per action: units and tokens summed, in billing's order", () => {
    const priced = (action: string, ref: string, quantity: number, unitPrice: number) => ({ line: { action, quantity, ref }, unitPrice, amount: quantity * unitPrice });
    expect(
      chargedItems([
        priced('sourcing_search_pro', 'call', 1, 3),
        priced('sourcing_reveal_email', 's:0', 1, 2),
        priced('sourcing_insights', 's:0', 1, 1),
        priced('sourcing_reveal_email', 's:1', 1, 2),
      ]),
    ).toEqual([
      { action: 'sourcing_search_pro', quantity: 1, tokens: 3 },
      { action: 'sourcing_reveal_email', quantity: 2, tokens: 4 },
      { action: 'sourcing_insights', quantity: 1, tokens: 1 },
    ]);
    expect(chargedItems([])).toEqual([]);
  });
});
