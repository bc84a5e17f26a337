export type DocumentKind = 'cv' | 'job';

/** How messages name a record of each kind. */
export const KIND_TITLES: Record<DocumentKind, 'CV' | 'Job'> = { cv: 'CV', job: 'Job' };

/**
 * The one "does not exist" text for unknown, foreign, deleted, FAILED and malformed ids alike, whether the
 * gateway (a malformed id) or the documents service answers, so no answer tells them apart.
 */
export const recordNotFoundMessage = (kind: DocumentKind, id: string): string =>
  `${KIND_TITLES[kind]} ${id} not found.`;
