import { billing, health } from '@talent/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGrpcClient, withContext, type AsyncClient } from '../src/grpc-client.js';
import { bindService, notAvailableYet, startGrpcServer, type AsyncServiceImplementation, type RunningGrpcServer } from '../src/grpc-server.js';
import { DomainError, isDomainError, MAX_ERROR_MESSAGE_CHARS } from '../src/errors.js';
import { HealthProbe } from '../src/health.js';
import { createLogger } from '../src/logger.js';

type BillingHandlers = AsyncServiceImplementation<billing.BillingServiceServer>;
/** Every billing RPC as not available yet; a test overrides the ones it serves. */
const notYet = Object.fromEntries(
  Object.keys(billing.BillingServiceService).map((method) => [method, notAvailableYet(`BillingService.${method}`)]),
) as unknown as BillingHandlers;

describe('bindService', () => {
  it('refuses, at boot, an implementation without a handler for every method', () => {
    const { listPrices: _dropped, ...incomplete } = notYet;
    expect(() =>
      bindService<billing.BillingServiceServer>('talent.billing.v1.BillingService', billing.BillingServiceService, incomplete as BillingHandlers),
    ).toThrow('talent.billing.v1.BillingService: no handler for listPrices');
  });
});

describe('gRPC server and client helpers over a real connection', () => {
  let server: RunningGrpcServer;
  let client: AsyncClient<billing.BillingServiceClient>;
  const seen: { requestId?: string; workspaceId?: string }[] = [];

  beforeAll(async () => {
    server = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('test', 'silent'),
      services: [
        bindService<billing.BillingServiceServer>('talent.billing.v1.BillingService', billing.BillingServiceService, {
          ...notYet,
          async getBalance(request, call) {
            seen.push({ requestId: call.requestId, workspaceId: call.workspaceId });
            if (request.workspaceId === 'poor') {
              throw new DomainError('INSUFFICIENT_CREDITS', 'Not enough tokens.', { balance: 3, required: 10 });
            }
            if (request.workspaceId === 'crash') throw new TypeError('boom: secret internals');
            if (request.workspaceId.startsWith('echo:')) throw new DomainError('NOT_FOUND', `No workspace ${request.workspaceId}.`, { id: request.workspaceId });
            if (request.workspaceId === 'slow') await new Promise((resolve) => setTimeout(resolve, 500));
            return { balance: 42, reserved: 2, available: 40, updatedAt: new Date('2026-01-01T00:00:00.000Z') };
          },
        }),
      ],
    });
    client = createGrpcClient(billing.BillingServiceClient, `127.0.0.1:${server.port}`);
  });
  afterAll(async () => {
    client?.close();
    await server?.shutdown(1000);
  });

  it('round-trips a call and hands the request and workspace ids of its context to the handler', async () => {
    const response = await client.getBalance({ workspaceId: 'rich' }, { context: { requestId: 'req-1', workspaceId: 'ws-1' } });
    expect(response).toEqual({ balance: 42, reserved: 2, available: 40, updatedAt: new Date('2026-01-01T00:00:00.000Z') });
    expect(seen.at(-1)).toEqual({ requestId: 'req-1', workspaceId: 'ws-1' });
    // Without a context the handler gets a request id of its own, and no workspace.
    await client.getBalance({ workspaceId: 'rich' });
    expect(seen.at(-1)).toEqual({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), workspaceId: undefined });
  });

  it('makes every call of a client bound with withContext for that context, unless the call names its own', async () => {
    const bound = withContext(client, { requestId: 'req-2', workspaceId: 'ws-2' });
    await bound.getBalance({ workspaceId: 'rich' });
    expect(seen.at(-1)).toEqual({ requestId: 'req-2', workspaceId: 'ws-2' });
    await bound.getBalance({ workspaceId: 'rich' }, { context: { requestId: 'req-3' } });
    expect(seen.at(-1)).toEqual({ requestId: 'req-3', workspaceId: undefined });
    // The client it wraps is left as it was.
    await client.getBalance({ workspaceId: 'rich' });
    expect(seen.at(-1)?.requestId).not.toMatch(/^req-/);
  });

  it('carries domain errors with their code and details across the wire', async () => {
    const error = await client.getBalance({ workspaceId: 'poor' }).catch((e: unknown) => e);
    expect(isDomainError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INSUFFICIENT_CREDITS', message: 'Not enough tokens.', details: { balance: 3, required: 10 } });
  });

  it('answers a domain error echoing a huge input with its message cut, and answers the next errors too', async () => {
    // Over HTTP/2's 64 KB header block the trailers were dropped: the caller hung until its deadline, and so did
    // every later error answer on the connection.
    const huge = `echo:${'ü'.repeat(120_000)}`;
    const error = await client.getBalance({ workspaceId: huge }, { deadlineMs: 3_000 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'NOT_FOUND', details: {} });
    expect((error as Error).message).toBe(`No workspace ${huge}.`.slice(0, MAX_ERROR_MESSAGE_CHARS - 1) + '…');
    const next = await client.getBalance({ workspaceId: 'echo:x' }, { deadlineMs: 3_000 }).catch((e: unknown) => e);
    expect(next).toMatchObject({ code: 'NOT_FOUND', message: 'No workspace echo:x.', details: { id: 'echo:x' } });
  });

  it('hides internals of unexpected failures', async () => {
    const error = await client.getBalance({ workspaceId: 'crash' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INTERNAL', message: 'Internal error' });
    expect(JSON.stringify(error)).not.toContain('secret');
  });

  it('answers NOT_CONFIGURED, naming the RPC, for a method not available yet, and enforces deadlines', async () => {
    const notConfigured = await client.listPrices({}).catch((e: unknown) => e);
    expect(isDomainError(notConfigured)).toBe(true);
    expect(notConfigured).toMatchObject({ code: 'NOT_CONFIGURED', message: 'BillingService.listPrices is not available yet: it arrives with its issue.' });
    const late = await client.getBalance({ workspaceId: 'slow' }, { deadlineMs: 100 }).catch((e: { code: number }) => e);
    expect(late).toMatchObject({ code: 4 });
  });

  it('reports SERVING through grpc.health.v1, and NOT_SERVING once shutdown starts', async () => {
    const probe = new HealthProbe(`127.0.0.1:${server.port}`);
    expect(await probe.isServing()).toBe(true);
    const raw = createGrpcClient(health.HealthClient, `127.0.0.1:${server.port}`);
    const named = await raw.check({ service: 'talent.billing.v1.BillingService' });
    expect(named.status).toBe(health.HealthCheckResponse_ServingStatus.SERVING);
    const slow = client.getBalance({ workspaceId: 'slow' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = server.shutdown(2000);
    // In-flight calls finish during the drain.
    await expect(slow).resolves.toMatchObject({ balance: 42 });
    await stopping;
    expect(await probe.isServing(300)).toBe(false);
    probe.close();
    raw.close();
  });
});
