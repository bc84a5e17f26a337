import { EventSourceParserStream } from 'eventsource-parser/stream';

export interface ServerSentEvent {
  event: string;
  data: unknown;
}

/** The events of a `text/event-stream` body, `data` parsed as JSON (heartbeat comments are skipped). */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const events = body.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>).pipeThrough(new EventSourceParserStream());
  for await (const message of events as unknown as AsyncIterable<{ event?: string; data: string }>) {
    yield { event: message.event ?? 'message', data: JSON.parse(message.data) as unknown };
  }
}
