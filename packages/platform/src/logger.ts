import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

/**
 * Ids that follow a request across processes and appear on every log line written on its behalf. Passed by hand
 * (handlers to peers' calls, `contextFields` into log lines) rather than kept in an AsyncLocalStorage: on Node 20 an
 * AsyncLocalStorage in use runs a hook for every promise the process creates, which cost the gateway and its
 * backends about a fifth of their CPU per request (`pnpm bench:gateway`).
 */
export interface RequestContext {
  requestId?: string;
  workspaceId?: string;
}

/** A request's ids as log fields (`request_id`, `workspace_id`), the names every service logs them under. */
export function contextFields(context: RequestContext | undefined): { request_id?: string; workspace_id?: string } {
  return {
    ...(context?.requestId ? { request_id: context.requestId } : {}),
    ...(context?.workspaceId ? { workspace_id: context.workspaceId } : {}),
  };
}

export function createLogger(service: string, level: LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
}
