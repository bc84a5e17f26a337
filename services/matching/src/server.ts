import { bindService, isDomainError, type GrpcServiceBinding } from '@talent/platform';
import { matching } from '@talent/proto';
import type { Matcher } from './matches/matcher.js';

/** gRPC handlers: translate messages to domain calls and back, nothing more. */
export function matchingGrpcService(matcher: Matcher): GrpcServiceBinding {
  return bindService<matching.MatchingServiceServer>(
    'talent.matching.v1.MatchingService',
    matching.MatchingServiceService,
    {
      async match(request, call) {
        const outcome = await matcher
          .match({
            workspaceId: request.workspaceId,
            jobId: request.jobId,
            candidateIds: request.candidateIds,
            topK: request.topK,
            weights: request.weights
              ? {
                  experience: request.weights.experience,
                  hard_skills: request.weights.hardSkills,
                  soft_skills: request.weights.softSkills,
                  education: request.weights.education,
                }
              : undefined,
            cache: request.cache,
            idempotencyKey: request.idempotencyKey,
            context: call,
          })
          .catch((error: unknown) => {
            // In the answer, not the trailers: the full id list may exceed what trailers carry (see the proto).
            if (isDomainError(error) && error.code === 'CANDIDATES_NOT_FOUND')
              return {
                candidatesNotFound: { message: error.message, candidateIds: error.details.candidate_ids as string[] },
              };
            throw error;
          });
        if ('candidatesNotFound' in outcome)
          return { candidatesJson: '', version: 0, candidatesNotFound: outcome.candidatesNotFound };
        return { candidatesJson: JSON.stringify(outcome.candidates), version: outcome.version };
      },
      async getStoredResult(request) {
        const result = await matcher.stored(request.workspaceId, request.jobId, request.version);
        const weights = result.weights;
        return {
          jobId: result.jobId,
          version: result.version,
          createdAt: result.createdAt,
          weights: {
            experience: weights.experience ?? 0,
            hardSkills: weights.hardSkills ?? 0,
            softSkills: weights.softSkills ?? 0,
            education: weights.education ?? 0,
          },
          topK: result.topK,
          candidatesJson: JSON.stringify(result.candidates),
          versionsUsedJson: JSON.stringify(result.versionsUsed),
        };
      },
    },
  );
}
