import { describe, expect, it } from 'vitest';
import { isUuid, UUID_PATTERN } from './ids.js';

describe('isUuid', () => {
  it('accepts canonical UUIDs of any case and nothing around them', () => {
    expect(isUuid('0b3f6a5e-9c1d-4e2f-8a7b-1c2d3e4f5a6b')).toBe(true);
    expect(isUuid('0B3F6A5E-9C1D-4E2F-8A7B-1C2D3E4F5A6B')).toBe(true);
    for (const bad of ['', '0b3f6a5e9c1d4e2f8a7b1c2d3e4f5a6b', ' 0b3f6a5e-9c1d-4e2f-8a7b-1c2d3e4f5a6b', '0b3f6a5e-9c1d-4e2f-8a7b-1c2d3e4f5a6g']) {
      expect(isUuid(bad), bad).toBe(false);
    }
  });

  it('is a flag-free pattern, so its source means the same as a JSON Schema pattern', () => {
    expect(UUID_PATTERN.flags).toBe('');
    expect(new RegExp(UUID_PATTERN.source).test('0B3F6A5E-9c1d-4e2f-8a7b-1c2d3e4f5a6b')).toBe(true);
  });
});
