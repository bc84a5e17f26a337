/**
 * The billable actions of the price list (spec: Token rules), named once: the services charge them, the gateway
 * lists and quotes them, billing prices them (its migrations seed the same names).
 */
export const BILLING_ACTIONS = {
  cvProcessing: 'cv_processing',
  jobProcessing: 'job_processing',
  jobMatching: 'job_matching',
  sourcingSearchFast: 'sourcing_search_fast',
  sourcingSearchPro: 'sourcing_search_pro',
  sourcingInsights: 'sourcing_insights',
  sourcingHighFreshness: 'sourcing_high_freshness',
  sourcingRevealEmail: 'sourcing_reveal_email',
  sourcingRevealPhone: 'sourcing_reveal_phone',
  sourcingIngest: 'sourcing_ingest',
} as const;

export type BillingAction = (typeof BILLING_ACTIONS)[keyof typeof BILLING_ACTIONS];

/** Every billable action, in the price list's order. */
export const BILLABLE_ACTIONS = Object.values(BILLING_ACTIONS) as [BillingAction, ...BillingAction[]];

/** A sourcing search's base fee (spec Token rule 5): one per provider call, by the session's search type. */
export function sourcingSearchAction(searchType: 'fast' | 'pro'): BillingAction {
  return searchType === 'pro' ? BILLING_ACTIONS.sourcingSearchPro : BILLING_ACTIONS.sourcingSearchFast;
}

/** What a sourcing search may buy per candidate (spec Token rules 6–7). */
export interface SourcingPremiums {
  insights: boolean;
  highFreshness: boolean;
  revealEmails: boolean;
  revealPhones: boolean;
}

/**
 * The premium actions charged for one candidate new to a session; `contacts` undefined = not known yet (worst
 * case: the profile has both), else a reveal is charged only when the profile holds that contact.
 */
export function candidatePremiumActions(premiums: SourcingPremiums, contacts?: { hasEmail: boolean; hasPhone: boolean }): BillingAction[] {
  const actions: BillingAction[] = [];
  if (premiums.insights) actions.push(BILLING_ACTIONS.sourcingInsights);
  if (premiums.highFreshness) actions.push(BILLING_ACTIONS.sourcingHighFreshness);
  if (premiums.revealEmails && (contacts?.hasEmail ?? true)) actions.push(BILLING_ACTIONS.sourcingRevealEmail);
  if (premiums.revealPhones && (contacts?.hasPhone ?? true)) actions.push(BILLING_ACTIONS.sourcingRevealPhone);
  return actions;
}
