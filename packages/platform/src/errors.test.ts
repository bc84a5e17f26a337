import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { boundedDetails, DomainError, fromGrpcError, MAX_ERROR_DETAILS_BYTES, toGrpcError } from './errors.js';

describe('domain errors across gRPC', () => {
  it('carries details holding any unicode (echoed filenames, ids) to the client unchanged', () => {
    const details = { filename: '\uFEFFlebenslauf-müller 📄.pdf', ids: ['\uD800', 'e\u0301', '\u202Eevil', 'nul\u0000'] };
    const sent = toGrpcError(new DomainError('INVALID_ARGUMENT', 'Invalid file format.', details));
    const received = fromGrpcError({ ...sent, message: '', name: 'Error' } as ServiceError);
    expect(received).toBeInstanceOf(DomainError);
    expect((received as DomainError).details).toEqual(details);
    expect((received as DomainError).code).toBe('INVALID_ARGUMENT');
  });

  it('keeps details within the trailer budget by shortening the longest list, other fields intact', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const json = boundedDetails({ candidate_ids: ids, vacancy_id: 'v1' });
    expect(json.length).toBeLessThanOrEqual(MAX_ERROR_DETAILS_BYTES);
    const parsed = JSON.parse(json) as { candidate_ids: string[]; vacancy_id: string };
    expect(parsed.vacancy_id).toBe('v1');
    expect(parsed.candidate_ids.length).toBeGreaterThan(400);
    expect(parsed.candidate_ids).toEqual(ids.slice(0, parsed.candidate_ids.length));
    // Small details are not touched.
    expect(JSON.parse(boundedDetails({ candidate_ids: ids.slice(0, 3) }))).toEqual({ candidate_ids: ids.slice(0, 3) });
  });

  it('reports a peer that was down or too slow as PEER_UNAVAILABLE (not retried by clients), anything else as INTERNAL', () => {
    const peerDown = Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: GrpcStatus.UNAVAILABLE, metadata: new Metadata() });
    const answer = toGrpcError(peerDown);
    expect(answer.code).toBe(GrpcStatus.ABORTED);
    expect(answer.metadata?.get('talent-error-code')).toEqual(['PEER_UNAVAILABLE']);
    const slow = Object.assign(new Error('4 DEADLINE_EXCEEDED'), { code: GrpcStatus.DEADLINE_EXCEEDED, metadata: new Metadata() });
    expect(toGrpcError(slow).metadata?.get('talent-error-code')).toEqual(['PEER_UNAVAILABLE']);
    expect(toGrpcError(new Error('boom')).metadata?.get('talent-error-code')).toEqual(['INTERNAL']);
  });
});
