import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  body: string;
  payload: { id: string; event_id: string; type: string; created_at: string; data: Record<string, unknown> };
  signature: string;
  deliveryId: string;
  receivedAt: number;
}

/** What the receiver does with a request: answer a status, or hold it open (a hung endpoint) until the receiver closes. */
export type Answer = number | 'hang';

/** A real HTTP endpoint in the test process standing in for an integrator's server. */
export interface Receiver {
  url: string;
  received: ReceivedDelivery[];
  /** Decides each request's answer; 200 by default. */
  answer: (delivery: ReceivedDelivery, index: number) => Answer;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const hung = new Set<ServerResponse>();
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => 200,
    close: async () => {
      for (const response of hung) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery: ReceivedDelivery = {
        body,
        payload: JSON.parse(body) as ReceivedDelivery['payload'],
        signature: String(request.headers['talent-signature'] ?? ''),
        deliveryId: String(request.headers['talent-delivery-id'] ?? ''),
        receivedAt: Date.now(),
      };
      const index = receiver.received.push(delivery) - 1;
      const answer = receiver.answer(delivery, index);
      if (answer === 'hang') {
        hung.add(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

/** The integrator's check, written independently of the service's signing code. */
export function signatureValid(secret: string, delivery: ReceivedDelivery, toleranceSeconds = 300): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(delivery.signature);
  if (!match) return false;
  const [, t, v1] = match;
  if (Math.abs(Date.now() / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${delivery.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(v1!, 'hex'));
}
