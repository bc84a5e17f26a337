import { TalentClient } from '@talent/client';
import { existsSync, readFileSync } from 'node:fs';
import type { CliEnv } from './env.js';
import { UsageError } from './exit-codes.js';

export interface ConnectionOptions {
  url?: string;
  apiKey?: string;
  config?: string;
}

interface ConfigFile {
  url?: string;
  apiKey?: string;
}

function readConfigFile(path: string, explicit: boolean): ConfigFile {
  if (!existsSync(path)) {
    if (explicit) throw new UsageError(`Config file ${path} does not exist.`);
    return {};
  }
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    return {
      url: typeof parsed.url === 'string' ? parsed.url : undefined,
      apiKey: typeof parsed.apiKey === 'string' ? parsed.apiKey : typeof parsed.api_key === 'string' ? parsed.api_key : undefined,
    };
  } catch (error) {
    throw new UsageError(`Config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Flags win over TALENT_URL / TALENT_API_KEY, which win over the config file. */
export function connect(options: ConnectionOptions, env: CliEnv, onRetry?: (message: string) => void): TalentClient {
  const file = readConfigFile(options.config ?? env.defaultConfigPath, options.config !== undefined);
  const url = options.url ?? env.url ?? file.url;
  const apiKey = options.apiKey ?? env.apiKey ?? file.apiKey;
  if (!url) throw new UsageError('No API URL: set TALENT_URL, pass --url, or put "url" in the config file.');
  if (!apiKey) throw new UsageError('No API key: set TALENT_API_KEY, pass --api-key, or put "apiKey" in the config file.');
  return new TalentClient({
    baseUrl: url,
    apiKey,
    onRetry: onRetry && ((info) => onRetry(`retrying in ${(info.delayMs / 1000).toFixed(1)} s (${info.status ? `HTTP ${info.status}` : 'no answer'})`)),
  });
}
