/** What an upload takes: bytes in any form a browser or Node has, with the file name the server sees. */
export type FileData = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

export interface FileInput {
  name: string;
  data: FileData;
}

/** Collects any FileData into a Blob (multipart bodies need a known length). */
export async function toBlob(data: FileData): Promise<Blob> {
  if (data instanceof Blob) return data;
  if (data instanceof ArrayBuffer) return new Blob([data]);
  if (ArrayBuffer.isView(data)) return new Blob([new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice()]);
  if (typeof (data as ReadableStream).getReader === 'function') return new Response(data as ReadableStream<Uint8Array>).blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of data as AsyncIterable<Uint8Array>) chunks.push(chunk.slice());
  return new Blob(chunks);
}

/** The multipart body of `POST /{cvs|jobs}/analyze/files`. */
export async function filesForm(files: FileInput[], fields: Record<string, string | undefined>): Promise<FormData> {
  const form = new FormData();
  for (const file of files) form.append('files', await toBlob(file.data), file.name);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  return form;
}
