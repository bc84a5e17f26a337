import { homedir } from 'node:os';
import { join } from 'node:path';

/** The only place the CLI reads its environment. */
export interface CliEnv {
  url: string | undefined;
  apiKey: string | undefined;
  /** `$XDG_CONFIG_HOME/talent/config.json`, else `~/.config/talent/config.json`. */
  defaultConfigPath: string;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): CliEnv {
  const configHome = source.XDG_CONFIG_HOME || join(source.HOME || homedir(), '.config');
  return {
    url: source.TALENT_URL || undefined,
    apiKey: source.TALENT_API_KEY || undefined,
    defaultConfigPath: source.TALENT_CONFIG || join(configHome, 'talent', 'config.json'),
  };
}
