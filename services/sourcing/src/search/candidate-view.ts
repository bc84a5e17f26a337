import type { SourcedProfile } from '../providers/provider.js';
import { insightsOf, type CandidateInsights } from './insights.js';

/** A bought candidate as stored: the provider's profile and the premiums paid for it. */
export interface StoredCandidate {
  position: number;
  profile: SourcedProfile;
  insights: boolean;
  emailRevealed: boolean;
  phoneRevealed: boolean;
}

/** The candidate a client sees (documented in OpenAPI as SourcedCandidate). */
export interface CandidateView {
  id: string;
  position: number;
  full_name: string;
  headline: string | null;
  location: string | null;
  seniority: string | null;
  summary: string | null;
  experience: SourcedProfile['experience'];
  education: SourcedProfile['education'];
  skills: string[];
  languages: string[];
  links: SourcedProfile['links'];
  /** Whether a reveal would return something, so nobody pays to learn there is nothing. */
  has_email: boolean;
  has_phone: boolean;
  /** Only when revealed (paid); otherwise empty. */
  emails: string[];
  phones: string[];
  insights: CandidateInsights | null;
  source: string;
  updated_at: string | null;
}

export const hasEmail = (profile: SourcedProfile): boolean => profile.emails.length > 0;
export const hasPhone = (profile: SourcedProfile): boolean => profile.phones.length > 0;

export function candidateView(candidate: StoredCandidate, now: Date): CandidateView {
  const { profile } = candidate;
  return {
    id: profile.id,
    position: candidate.position,
    full_name: profile.full_name,
    headline: profile.headline,
    location: profile.location,
    seniority: profile.seniority,
    summary: profile.summary,
    experience: profile.experience,
    education: profile.education,
    skills: profile.skills,
    languages: profile.languages,
    links: profile.links,
    has_email: hasEmail(profile),
    has_phone: hasPhone(profile),
    emails: candidate.emailRevealed ? profile.emails : [],
    phones: candidate.phoneRevealed ? profile.phones : [],
    insights: candidate.insights ? insightsOf(profile, now) : null,
    source: profile.source,
    updated_at: profile.updated_at,
  };
}
