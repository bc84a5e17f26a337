import Negotiator from 'negotiator';

/**
 * The language to answer in: the Accept-Language entry with the highest q-value among `available` ("de-CH"
 * counts as "de"; q=0 excludes), `fallback` when none is available or the header is empty.
 */
export function negotiateLanguage(acceptLanguage: string, available: readonly string[], fallback = 'en'): string {
  const header = acceptLanguage.trim();
  if (!header) return fallback;
  const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages([...available]);
  return best ?? fallback;
}
