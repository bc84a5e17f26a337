import { documents } from '@talent/proto';

// Field tags of documents.v1.MatchInput and GetMatchInputsResponse (field number << 3 | wire type). A field added to
// either message must be written here too: test/wire.test.ts fails until it is.
const ID = 10;
const STATUS = 16;
const JSON_TEXT = 26;
const ANALYZER = 34;
const VERSION = 42;
const UNCHANGED = 48;
const JOB = 10;
const CANDIDATE = 18;

const varintSize = (value: number) =>
  value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;

/** A string field's size on the wire: none when empty (proto3 leaves defaults out). */
const stringSize = (bytes: number) => (bytes === 0 ? 0 : 1 + varintSize(bytes) + bytes);

/**
 * GetMatchInputsResponse on the wire, the same bytes as the generated encoder writes. A match's answers carry
 * hundreds of records of about 10 KB of JSON each: the generated encoder grows a zero-filled buffer by doubling it
 * (reserving 3 bytes per character of every string), copies it out on finish and again into a Buffer, which was
 * most of documents' CPU for a match (40 % of it GC). This measures every string first and writes into one Buffer.
 */
export function encodeMatchInputs(response: documents.GetMatchInputsResponse): Buffer {
  const inputs = response.job === undefined ? response.candidates : [response.job, ...response.candidates];
  // Per input: the UTF-8 lengths of id, json, analyzer version and version, then the input's own size.
  const sizes = new Float64Array(inputs.length * 5);
  let total = 0;
  for (let index = 0; index < inputs.length; index++) {
    const input = inputs[index]!;
    // Negative int32 values take 10 bytes on the wire: left to the generated encoder (no status is negative).
    if (input.status < 0) return Buffer.from(documents.GetMatchInputsResponse.encode(response).finish());
    const at = index * 5;
    const size =
      stringSize((sizes[at] = Buffer.byteLength(input.id))) +
      (input.status === 0 ? 0 : 1 + varintSize(input.status)) +
      stringSize((sizes[at + 1] = Buffer.byteLength(input.json))) +
      stringSize((sizes[at + 2] = Buffer.byteLength(input.analyzerVersion))) +
      stringSize((sizes[at + 3] = Buffer.byteLength(input.version))) +
      (input.unchanged ? 2 : 0);
    sizes[at + 4] = size;
    total += 1 + varintSize(size) + size;
  }
  const buffer = Buffer.allocUnsafe(total);
  let pos = 0;
  const varint = (value: number) => {
    while (value > 0x7f) {
      buffer[pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    buffer[pos++] = value;
  };
  const string = (tag: number, value: string, bytes: number) => {
    if (bytes === 0) return;
    buffer[pos++] = tag;
    varint(bytes);
    pos += buffer.write(value, pos, bytes, 'utf8');
  };
  for (let index = 0; index < inputs.length; index++) {
    const input = inputs[index]!;
    const at = index * 5;
    buffer[pos++] = index === 0 && response.job !== undefined ? JOB : CANDIDATE;
    varint(sizes[at + 4]!);
    string(ID, input.id, sizes[at]!);
    if (input.status !== 0) {
      buffer[pos++] = STATUS;
      varint(input.status);
    }
    string(JSON_TEXT, input.json, sizes[at + 1]!);
    string(ANALYZER, input.analyzerVersion, sizes[at + 2]!);
    string(VERSION, input.version, sizes[at + 3]!);
    if (input.unchanged) {
      buffer[pos++] = UNCHANGED;
      buffer[pos++] = 1;
    }
  }
  return buffer;
}

/**
 * Serialises into one writer kept for the process (serialising is synchronous): the generated serialiser grows a
 * new buffer from 128 bytes for every answer (reserving 3 bytes per character of the record's JSON) and copies it
 * twice. The Buffer returned is a view of the finished bytes.
 */
export function withOneWriter<T>(type: {
  encode(message: T, writer?: ReturnType<typeof documents.Record.encode>): typeof writer;
}) {
  const writer = documents.Record.encode({ id: '', kind: 0, json: '' });
  return (message: T): Buffer => {
    try {
      const bytes = type.encode(message, writer)!.finish();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      writer.finish(); // starts the next answer empty
      throw error;
    }
  };
}
