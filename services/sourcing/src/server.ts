import { bindService, notAvailableYet, type GrpcServiceBinding } from '@talent/platform';
import { sourcing } from '@talent/proto';

/** gRPC handlers: translate messages to domain calls and back. Providers, sessions and ingest arrive with their issue. */
export function sourcingGrpcService(): GrpcServiceBinding {
  return bindService<sourcing.SourcingServiceServer>('talent.sourcing.v1.SourcingService', sourcing.SourcingServiceService, {
    search: notAvailableYet('SourcingService.Search'),
    getSession: notAvailableYet('SourcingService.GetSession'),
    ingest: notAvailableYet('SourcingService.Ingest'),
  });
}
