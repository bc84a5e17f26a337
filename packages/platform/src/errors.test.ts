import type { ServiceError } from '@grpc/grpc-js';
import { describe, expect, it } from 'vitest';
import { DomainError, fromGrpcError, toGrpcError } from './errors.js';

describe('domain errors across gRPC', () => {
  it('carries details holding any unicode (echoed filenames, ids) to the client unchanged', () => {
    const details = { filename: '\uFEFFlebenslauf-müller 📄.pdf', ids: ['\uD800', 'e\u0301', '\u202Eevil', 'nul\u0000'] };
    const sent = toGrpcError(new DomainError('INVALID_ARGUMENT', 'Invalid file format.', details));
    const received = fromGrpcError({ ...sent, message: '', name: 'Error' } as ServiceError);
    expect(received).toBeInstanceOf(DomainError);
    expect((received as DomainError).details).toEqual(details);
    expect((received as DomainError).code).toBe('INVALID_ARGUMENT');
  });
});
