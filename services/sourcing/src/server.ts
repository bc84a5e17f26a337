import { bindService, type GrpcServiceBinding } from '@talent/platform';
import { sourcing } from '@talent/proto';
import type { Ingester } from './ingest/ingester.js';
import type { Searcher } from './search/searcher.js';

const searchType = (value: string | undefined): 'fast' | 'pro' | undefined => (value === 'fast' || value === 'pro' ? value : undefined);

/** gRPC handlers: translate messages to domain calls and back, nothing more. */
export function sourcingGrpcService(searcher: Searcher, ingester: Ingester): GrpcServiceBinding {
  return bindService<sourcing.SourcingServiceServer>('talent.sourcing.v1.SourcingService', sourcing.SourcingServiceService, {
    async search(request, call) {
      const options = request.options;
      const outcome = await searcher.search(
        {
          workspaceId: request.workspaceId,
          query: request.query,
          filters: request.filtersJson ? (JSON.parse(request.filtersJson) as unknown) : undefined,
          limit: request.limit,
          offset: request.offset,
          sessionId: request.sessionId,
          searchType: searchType(options?.searchType),
          highFreshness: options?.highFreshness,
          premiums: {
            insights: options?.insights ?? false,
            revealEmails: options?.revealEmails ?? false,
            revealPhones: options?.revealPhones ?? false,
          },
          idempotencyKey: request.idempotencyKey,
        },
        call.deadline,
        call,
      );
      return {
        sessionId: outcome.session_id,
        cached: outcome.cached,
        candidatesJson: JSON.stringify(outcome.candidates),
        windowOffset: outcome.window.offset,
        windowLimit: outcome.window.limit,
        windowTotal: outcome.window.total ?? -1,
        charged: outcome.charged.total,
        chargedItems: outcome.charged.items,
        replayed: outcome.replayed,
      };
    },
    async getSession(request) {
      const { session, candidates } = await searcher.session(request.workspaceId, request.sessionId);
      return {
        sessionId: session.id,
        query: session.query,
        filtersJson: JSON.stringify(session.filters),
        searchType: session.searchType,
        highFreshness: session.highFreshness,
        total: session.total ?? -1,
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        provider: session.provider,
        candidatesJson: JSON.stringify(candidates),
      };
    },
    async ingest(request, call) {
      const outcome = await ingester.ingest({
        workspaceId: request.workspaceId,
        sessionId: request.sessionId,
        selectedIds: request.selectedIds,
        idempotencyKey: request.idempotencyKey,
        context: call,
        ...(call.deadline ? { deadline: call.deadline } : {}),
      });
      return { taskIds: outcome.taskIds, status: 'PENDING', reusedIds: outcome.reusedIds };
    },
  });
}
