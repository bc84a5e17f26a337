/**
 * Reads a Server-Sent Events body as a client would, calling `onEvent` per event until the stream ends:
 * `name` is the `event:` field (`message` when absent), `data` the parsed JSON of `data:`; comment blocks
 * (heartbeats) arrive as name `:` with their text.
 */
export async function readServerSentEvents(
  body: ReadableStream<Uint8Array> | null,
  onEvent: (name: string, data: unknown) => void,
): Promise<void> {
  if (!body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) {
        onEvent(':', block.slice(1).trim());
        continue;
      }
      const name = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1];
      onEvent(name, data ? JSON.parse(data) : undefined);
    }
  }
}
