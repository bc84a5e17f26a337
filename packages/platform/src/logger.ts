import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/** Ids that follow a request across processes and appear on every log line written on its behalf. */
export interface RequestContext {
  requestId?: string;
  workspaceId?: string;
}

const contextStorage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, fn: () => T): T {
  return contextStorage.run({ ...contextStorage.getStore(), ...context }, fn);
}

export function currentContext(): RequestContext {
  return contextStorage.getStore() ?? {};
}

/** Adds fields to the active context (e.g. the workspace once the API key is known). */
export function enrichContext(fields: RequestContext): void {
  const store = contextStorage.getStore();
  if (store) Object.assign(store, fields);
}

export function createLogger(service: string, level: LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const { requestId, workspaceId } = currentContext();
      return { ...(requestId ? { request_id: requestId } : {}), ...(workspaceId ? { workspace_id: workspaceId } : {}) };
    },
  });
}
