/**
 * What a search costs (spec: Token rules 5–7), as billing lines. Pure: the searcher reserves `worstCaseLines`
 * before calling the provider and commits `actualLines` after, so the rules live here and nowhere else.
 *
 * A unit is one (action, ref); refs name a position of a session (`<session>:<position>`), so a candidate's
 * premium can be charged at most once per session, by the ledger itself.
 */

import { BILLING_ACTIONS, candidatePremiumActions, sourcingSearchAction } from '@talent/platform';

export interface ChargeLine {
  action: string;
  quantity: 1;
  ref: string;
}

/** Premiums asked for in this request (search_type and high_freshness belong to the session). */
export interface RequestedPremiums {
  insights: boolean;
  revealEmails: boolean;
  revealPhones: boolean;
}

export interface SessionTerms {
  sessionId: string;
  searchType: 'fast' | 'pro';
  highFreshness: boolean;
}

/** A candidate already bought at a position, with what was bought for it and what its profile holds. */
export interface BoughtCandidate {
  position: number;
  profileId: string;
  insights: boolean;
  emailRevealed: boolean;
  phoneRevealed: boolean;
  hasEmail: boolean;
  hasPhone: boolean;
}

export interface WindowPlan {
  offset: number;
  limit: number;
  /** Positions of the window not bought yet that may hold a candidate: the provider must be asked for them. */
  missing: number[];
  /** Positions of the window bought already. */
  bought: number[];
}

/**
 * Splits a window into bought and missing positions. Positions at or beyond a known total hold nobody, so a
 * window past the end of the results needs no provider call.
 */
export function planWindow(
  window: { offset: number; limit: number },
  knownTotal: number | null,
  bought: ReadonlyMap<number, BoughtCandidate>,
): WindowPlan {
  const end = knownTotal === null ? window.offset + window.limit : Math.min(window.offset + window.limit, knownTotal);
  const missing: number[] = [];
  const held: number[] = [];
  for (let position = window.offset; position < end; position++) (bought.has(position) ? held : missing).push(position);
  return { offset: window.offset, limit: window.limit, missing, bought: held };
}

const unit = (action: string, ref: string): ChargeLine => ({ action, quantity: 1, ref });
const positionRef = (terms: SessionTerms, position: number) => `${terms.sessionId}:${position}`;

/** Premiums still to buy for a candidate bought earlier (only what its profile can deliver). */
function upgradeLines(terms: SessionTerms, premiums: RequestedPremiums, candidate: BoughtCandidate): ChargeLine[] {
  const ref = positionRef(terms, candidate.position);
  const lines: ChargeLine[] = [];
  if (premiums.insights && !candidate.insights) lines.push(unit(BILLING_ACTIONS.sourcingInsights, ref));
  if (premiums.revealEmails && !candidate.emailRevealed && candidate.hasEmail) lines.push(unit(BILLING_ACTIONS.sourcingRevealEmail, ref));
  if (premiums.revealPhones && !candidate.phoneRevealed && candidate.hasPhone) lines.push(unit(BILLING_ACTIONS.sourcingRevealPhone, ref));
  return lines;
}

/** Premiums of a candidate new to the session; `contacts` undefined = not known yet (worst case: present). */
function newCandidateLines(
  terms: SessionTerms,
  premiums: RequestedPremiums,
  position: number,
  contacts?: { hasEmail: boolean; hasPhone: boolean },
): ChargeLine[] {
  const ref = positionRef(terms, position);
  return candidatePremiumActions({ ...premiums, highFreshness: terms.highFreshness }, contacts).map((action) => unit(action, ref));
}

const baseLine = (terms: SessionTerms, callRef: string): ChargeLine =>
  unit(sourcingSearchAction(terms.searchType), `${terms.sessionId}:call:${callRef}`);

/**
 * Rule 6: the most this request can cost — the base fee when the provider must be asked, every requested premium
 * for every position it may fill, and the premiums still missing on candidates bought earlier.
 */
export function worstCaseLines(
  terms: SessionTerms,
  premiums: RequestedPremiums,
  plan: WindowPlan,
  bought: ReadonlyMap<number, BoughtCandidate>,
  callRef: string,
): ChargeLine[] {
  return [
    ...(plan.missing.length > 0 ? [baseLine(terms, callRef)] : []),
    ...plan.missing.flatMap((position) => newCandidateLines(terms, premiums, position)),
    ...plan.bought.flatMap((position) => upgradeLines(terms, premiums, bought.get(position)!)),
  ];
}

/**
 * Rules 5 and 7: what the request did cost — the base fee once when the provider was asked; per candidate new to
 * the session its premiums (a contact only when the profile has one); nothing for what was bought before except
 * premiums bought now. `returned` holds the new candidates by position; a profile already bought at another
 * position of the session (a live provider's ranking moved) is not charged again.
 */
export function actualLines(
  terms: SessionTerms,
  premiums: RequestedPremiums,
  plan: WindowPlan,
  bought: ReadonlyMap<number, BoughtCandidate>,
  returned: ReadonlyMap<number, { profileId: string; hasEmail: boolean; hasPhone: boolean }>,
  callRef: string,
  /** Profiles bought at other positions of the session. */
  boughtElsewhere: ReadonlySet<string> = new Set(),
): ChargeLine[] {
  const knownProfiles = new Set([...boughtElsewhere, ...[...bought.values()].map((candidate) => candidate.profileId)]);
  const fresh = plan.missing.filter((position) => {
    const candidate = returned.get(position);
    return candidate !== undefined && !knownProfiles.has(candidate.profileId);
  });
  return [
    ...(plan.missing.length > 0 ? [baseLine(terms, callRef)] : []),
    ...fresh.flatMap((position) => newCandidateLines(terms, premiums, position, returned.get(position))),
    ...plan.bought.flatMap((position) => upgradeLines(terms, premiums, bought.get(position)!)),
  ];
}

/** One action of the response's itemised `charged`. */
export interface ChargedItem {
  action: string;
  quantity: number;
  tokens: number;
}

/**
 * The itemised `charged`: units and tokens per action of what billing's Commit charged, at the reservation's
 * prices (the authoritative ones), in the order billing lists them.
 */
export function chargedItems(priced: readonly { line?: { action: string; quantity: number } | undefined; amount: number }[]): ChargedItem[] {
  const items = new Map<string, ChargedItem>();
  for (const { line, amount } of priced) {
    if (!line) continue;
    const item = items.get(line.action) ?? { action: line.action, quantity: 0, tokens: 0 };
    item.quantity += line.quantity;
    item.tokens += amount;
    items.set(line.action, item);
  }
  return [...items.values()];
}
