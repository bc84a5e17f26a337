import { documents } from '@talent/proto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeMatchInputs, withOneWriter } from '../src/records/wire.js';

const text = fc.oneof(
  fc.constant(''),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  // Any UTF-16 code units, lone surrogates included.
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units)),
  // Lengths around the varint steps (128, 16,384 bytes) and records of a realistic size.
  fc.integer({ min: 100, max: 20_000 }).map((length) => 'é"x'.repeat(length).slice(0, length)),
);
const input: fc.Arbitrary<documents.MatchInput> = fc.record({
  id: text,
  status: fc.integer({ min: 0, max: 4 }),
  json: text,
  analyzerVersion: text,
  version: text,
  unchanged: fc.boolean(),
});
const response = fc.record({
  job: fc.option(input, { nil: undefined }),
  candidates: fc.array(input, { maxLength: 8 }),
});

describe('encodeMatchInputs', () => {
  it('knows every field of the messages it writes (a field added to the proto must be added to it too)', () => {
    expect(Object.keys(documents.MatchInput.fromPartial({})).sort()).toEqual(['analyzerVersion', 'id', 'json', 'status', 'unchanged', 'version']);
    expect(Object.keys(documents.GetMatchInputsResponse.fromPartial({ job: {} })).sort()).toEqual(['candidates', 'job']);
  });

  it('writes the same bytes as the generated encoder, which decodes them back', () => {
    fc.assert(
      fc.property(response, (message) => {
        const bytes = encodeMatchInputs(message);
        expect(bytes.equals(Buffer.from(documents.GetMatchInputsResponse.encode(message).finish()))).toBe(true);
        const decoded = documents.GetMatchInputsResponse.decode(bytes);
        expect(decoded.candidates).toHaveLength(message.candidates.length);
        expect(decoded.job === undefined).toBe(message.job === undefined);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a negative status to the generated encoder', () => {
    const message = {
      job: undefined,
      candidates: [{ id: 'a', status: -1, json: '', analyzerVersion: '', version: '', unchanged: false }],
    };
    expect(
      encodeMatchInputs(message).equals(Buffer.from(documents.GetMatchInputsResponse.encode(message).finish())),
    ).toBe(true);
  });
});

describe('withOneWriter', () => {
  const serialize = withOneWriter(documents.GetRecordResponse);
  const generated = (message: documents.GetRecordResponse) =>
    Buffer.from(documents.GetRecordResponse.encode(message).finish());
  const record = fc.record({
    status: fc.integer({ min: 0, max: 4 }),
    record: fc.option(
      fc.record({
        id: text,
        kind: fc.integer({ min: 0, max: 2 }),
        json: text,
        createdAt: fc.option(fc.date({ noInvalidDate: true }), { nil: undefined }),
        updatedAt: fc.option(fc.date({ noInvalidDate: true }), { nil: undefined }),
      }),
      { nil: undefined },
    ),
  });

  it('writes answer after answer, large and small, as the generated serialiser does', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 5 }), (messages) => {
        const written = messages.map(serialize);
        messages.forEach((message, index) => expect(written[index]!.equals(generated(message))).toBe(true));
      }),
      { numRuns: 200 },
    );
  });

  it('starts the next answer empty after one failed to encode', () => {
    expect(() =>
      serialize({ status: 2, record: { id: 'a', kind: 1, json: 'x'.repeat(300), createdAt: new Date(Number.NaN) } }),
    ).toThrow();
    const message = { status: 2, record: { id: 'b', kind: 1, json: '{}' } };
    expect(serialize(message).equals(generated(message))).toBe(true);
  });
});
