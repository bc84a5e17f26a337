import { bindService, createLogger, startGrpcServer, type RunningGrpcServer } from '@talent/platform';
import { documents } from '@talent/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingAdmin,
  startRealBilling,
  startTestGateway,
  stopBackend,
  type RealBackend,
  type TestGateway,
} from './harness.js';

describe('gateway: a request’s ids travel with its upstream calls', () => {
  let billing: RealBackend;
  let documentsServer: RunningGrpcServer;
  let gateway: TestGateway;
  let apiKey: string;
  let workspaceId: string;
  const seen: { requestId: string; workspaceId?: string }[] = [];
  const unused = async (): Promise<never> => {
    throw new Error('not used by this test');
  };

  beforeAll(async () => {
    billing = await startRealBilling();
    const admin = billingAdmin(billing.address);
    ({ workspaceId, apiKey } = await admin.createWorkspace({
      name: 'Ids',
      grantTokens: 0,
      grantExpiresInSeconds: 0,
      idempotencyKey: '',
    }));
    admin.close();
    // The platform's gRPC server, as the documents service runs it; GetRecord records the ids it was called with.
    documentsServer = await startGrpcServer({
      port: 0,
      host: '127.0.0.1',
      logger: createLogger('documents-ids-test', 'silent'),
      services: [
        bindService<documents.DocumentsServiceServer>(
          'talent.documents.v1.DocumentsService',
          documents.DocumentsServiceService,
          {
            analyzeTexts: unused,
            analyzeFiles: unused,
            getStatuses: unused,
            listRecords: unused,
            updateRecord: unused,
            deleteRecord: unused,
            getMatchInputs: unused,
            getRecord: async (_request, call) => {
              seen.push({ requestId: call.requestId, ...(call.workspaceId ? { workspaceId: call.workspaceId } : {}) });
              return { status: documents.TaskStatus.TASK_STATUS_NOT_FOUND };
            },
          },
        ),
      ],
    });
    gateway = await startTestGateway({ billing: billing.address, documents: `127.0.0.1:${documentsServer.port}` });
  });
  afterAll(async () => {
    await gateway?.stop();
    await documentsServer?.shutdown(1_000);
    await stopBackend(billing);
  });

  it('hands the caller’s X-Request-Id, or the one the gateway made, and the key’s workspace to the service', async () => {
    const id = '00000000-0000-4000-8000-00000000abcd';
    const traced = await gateway.get(`/api/v1/cvs/${id}`, { 'x-api-key': apiKey, 'x-request-id': 'trace-ids.1' });
    expect(traced.status).toBe(404);
    expect(seen.at(-1)).toEqual({ requestId: 'trace-ids.1', workspaceId });

    const untraced = await gateway.get(`/api/v1/cvs/${id}`, { 'x-api-key': apiKey });
    expect(untraced.status).toBe(404);
    expect(seen.at(-1)).toEqual({ requestId: untraced.headers.get('x-request-id'), workspaceId });
  });
});
