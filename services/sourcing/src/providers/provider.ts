/**
 * One interface for every external profile source (DESIGN.md §1: sourcing owns the provider adapters).
 * The session, window and billing logic never sees which provider answered.
 */

import type { SearchFilters, Seniority } from '@talent/records';

export { SENIORITY_LEVELS, type SearchFilters, type Seniority } from '@talent/records';

export interface ProviderQuery {
  /** Free text (may be empty when filters are given). */
  query: string;
  filters: SearchFilters;
  /** `pro` searches every part of a profile (experience descriptions, education); `fast` titles, headline and skills. */
  searchType: 'fast' | 'pro';
  /** Only profiles whose data was refreshed recently (provider-specific recency, documented per provider). */
  highFreshness: boolean;
  offset: number;
  limit: number;
}

export interface ProfileExperience {
  title: string;
  company: string;
  /** ISO `YYYY-MM` or `YYYY-MM-DD`, or null when the source has none. */
  start_date: string | null;
  /** null while current. */
  end_date: string | null;
  is_current: boolean;
  location: string | null;
  summary: string | null;
}

export interface ProfileEducation {
  school: string;
  degree: string | null;
  major: string | null;
  start_date: string | null;
  end_date: string | null;
}

export interface ProfileLink {
  /** e.g. linkedin, github, website. */
  type: string;
  url: string;
}

/**
 * A profile as the provider gave it, contact data included. What the client sees is derived from it
 * (contacts only when revealed and paid).
 */
export interface SourcedProfile {
  /** Stable id at the provider; the candidate id in sessions and ingest. */
  id: string;
  full_name: string;
  headline: string | null;
  location: string | null;
  seniority: Seniority | null;
  summary: string | null;
  experience: ProfileExperience[];
  education: ProfileEducation[];
  skills: string[];
  languages: string[];
  links: ProfileLink[];
  emails: string[];
  phones: string[];
  /** Provider name, e.g. `directory` or `pdl`. */
  source: string;
  /** ISO date of the provider's last refresh of this profile, null when unknown. */
  updated_at: string | null;
}

export interface ProviderPage {
  /** Total matches of the query at the provider (for windows beyond it). */
  total: number;
  /** The profiles at positions offset..offset+limit, in rank order. */
  profiles: SourcedProfile[];
}

export interface SourcingProvider {
  readonly name: string;
  search(query: ProviderQuery, signal?: AbortSignal): Promise<ProviderPage>;
  close?(): Promise<void>;
}

/** The provider failed (unreachable, 5xx after retries, malformed answer): HTTP 502, nothing charged. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly provider: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
