import { bindService, notAvailableYet, type GrpcServiceBinding } from '@talent/platform';
import { matching } from '@talent/proto';

/** gRPC handlers: translate messages to domain calls and back. Scoring arrives with its issue. */
export function matchingGrpcService(): GrpcServiceBinding {
  return bindService<matching.MatchingServiceServer>('talent.matching.v1.MatchingService', matching.MatchingServiceService, {
    match: notAvailableYet('MatchingService.Match'),
    getStoredResult: notAvailableYet('MatchingService.GetStoredResult'),
  });
}
