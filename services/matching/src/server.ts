import { bindService, isDomainError, type GrpcServiceBinding } from '@talent/platform';
import { matching } from '@talent/proto';
import { FairnessReporter } from './fairness/fairness-reporter.js';
import type { Matcher } from './matches/matcher.js';

function toWeights(weights: matching.Weights | undefined) {
  return weights
    ? { experience: weights.experience, hard_skills: weights.hardSkills, soft_skills: weights.softSkills, education: weights.education }
    : undefined;
}

/** CANDIDATES_NOT_FOUND travels in the answer, not the trailers: the full id list may exceed what trailers carry (see the proto). */
function candidatesNotFound(error: unknown): { candidatesNotFound: matching.CandidatesNotFound } {
  if (isDomainError(error) && error.code === 'CANDIDATES_NOT_FOUND')
    return { candidatesNotFound: { message: error.message, candidateIds: error.details.candidate_ids as string[] } };
  throw error;
}

/** gRPC handlers: translate messages to domain calls and back, nothing more. */
export function matchingGrpcService(matcher: Matcher): GrpcServiceBinding {
  const fairness = new FairnessReporter(matcher);
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
            weights: toWeights(request.weights),
            cache: request.cache,
            idempotencyKey: request.idempotencyKey,
            blind: request.blind,
            guidance: request.guidance,
            context: call,
          })
          .catch(candidatesNotFound);
        if ('candidatesNotFound' in outcome)
          return { candidatesJson: '', version: 0, candidatesNotFound: outcome.candidatesNotFound };
        return { candidatesJson: JSON.stringify(outcome.candidates), version: outcome.version };
      },
      async fairness(request, call) {
        const outcome = await fairness
          .report({
            workspaceId: request.workspaceId,
            jobId: request.jobId,
            candidateIds: request.candidateIds,
            groupLabels: request.groupLabels,
            selection:
              request.selection?.$case === 'topK'
                ? { topK: request.selection.value }
                : request.selection?.$case === 'threshold'
                  ? { threshold: request.selection.value }
                  : undefined,
            weights: toWeights(request.weights),
            blind: request.blind,
            idempotencyKey: request.idempotencyKey,
            context: call,
          })
          .catch(candidatesNotFound);
        if ('candidatesNotFound' in outcome) return { reportJson: '', candidatesNotFound: outcome.candidatesNotFound };
        return { reportJson: JSON.stringify(outcome) };
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
