import { bindService, DomainError, type GrpcServiceBinding } from '@talent/platform';
import { billing } from '@talent/proto';
import type { WorkspaceAccess } from './access/workspaces.js';

/** gRPC handlers: translate messages to domain calls and back, nothing more. */
export function billingGrpcService(access: WorkspaceAccess): GrpcServiceBinding {
  return bindService<billing.BillingServiceServer>('talent.billing.v1.BillingService', billing.BillingServiceService, {
    async createWorkspace(request) {
      if (request.grantTokens > 0) {
        throw new DomainError('NOT_CONFIGURED', 'Token grants are not supported yet.');
      }
      return access.createWorkspace(request.name);
    },
    createApiKey: (request) => access.createApiKey(request.workspaceId),
    revokeApiKey: async (request) => ({ revokedAt: await access.revokeApiKey(request.keyId) }),
    authenticate: (request) => access.authenticate(request.apiKey),
  });
}
