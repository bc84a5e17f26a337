import type { Logger } from '@talent/platform';
import { loadDirectory } from './directory/directory-provider.js';
import { PdlProvider } from './pdl/pdl-provider.js';
import type { SourcingProvider } from './provider.js';

export * from './provider.js';
export { DirectoryFileError } from './directory/directory-file.js';

/** The provider settings of the service's env (env.ts); SourcingEnv satisfies it. */
export interface ProviderSettings {
  SOURCING_PROVIDER?: 'directory' | 'pdl' | undefined;
  SOURCING_DIRECTORY_PATH: string;
  SOURCING_PDL_BASE_URL?: string | undefined;
  SOURCING_PDL_API_KEY?: string | undefined;
  SOURCING_PDL_TIMEOUT_MS: number;
  SOURCING_PDL_MAX_RETRIES: number;
  SOURCING_FRESHNESS_DAYS: number;
}

export interface ProviderOptions {
  /** The clock of freshness (tests). */
  now?: () => Date;
}

/** A provider, or the name of the setting whose absence keeps sourcing unavailable (503 naming it). */
export type ProviderSetup = { provider: SourcingProvider } | { missingSetting: string };

/**
 * The configured provider. The directory is loaded here, once, at boot: a missing file throws DirectoryFileError
 * (the service does not start with a broken configuration).
 */
export async function createProvider(
  settings: ProviderSettings,
  logger: Pick<Logger, 'info' | 'warn'>,
  options: ProviderOptions = {},
): Promise<ProviderSetup> {
  switch (settings.SOURCING_PROVIDER) {
    case 'directory':
      return {
        provider: await loadDirectory(settings.SOURCING_DIRECTORY_PATH, {
          freshnessDays: settings.SOURCING_FRESHNESS_DAYS,
          logger,
          ...(options.now ? { now: options.now } : {}),
        }),
      };
    case 'pdl':
      if (!settings.SOURCING_PDL_BASE_URL) return { missingSetting: 'SOURCING_PDL_BASE_URL' };
      if (!settings.SOURCING_PDL_API_KEY) return { missingSetting: 'SOURCING_PDL_API_KEY' };
      return {
        provider: new PdlProvider({
          baseUrl: settings.SOURCING_PDL_BASE_URL,
          apiKey: settings.SOURCING_PDL_API_KEY,
          timeoutMs: settings.SOURCING_PDL_TIMEOUT_MS,
          maxRetries: settings.SOURCING_PDL_MAX_RETRIES,
          freshnessDays: settings.SOURCING_FRESHNESS_DAYS,
          logger,
          ...(options.now ? { now: options.now } : {}),
        }),
      };
    default:
      return { missingSetting: 'SOURCING_PROVIDER' };
  }
}
