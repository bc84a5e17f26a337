import { bindService, type GrpcServiceBinding } from '@talent/platform';
import { billing } from '@talent/proto';
import type { Database } from './db.js';
import type { WorkspaceAccess } from './access/workspaces.js';
import { requireCoverage } from './ledger/coverage.js';
import { listLedger } from './ledger/history.js';
import type { Ledger } from './ledger/ledger.js';
import type { UsageLine } from './ledger/usage-lines.js';
import type { PriceList } from './prices/price-list.js';
import { verifyLedger } from './verify/verify-ledger.js';

export interface BillingDomain {
  database: Database;
  access: WorkspaceAccess;
  ledger: Ledger;
  prices: PriceList;
}

const toLines = (lines: billing.UsageLine[]): UsageLine[] => lines.map(({ action, quantity, ref }) => ({ action, quantity, ref }));

/** gRPC handlers: translate messages to domain calls and back, nothing more. */
export function billingGrpcService({ database, access, ledger, prices }: BillingDomain): GrpcServiceBinding {
  return bindService<billing.BillingServiceServer>('talent.billing.v1.BillingService', billing.BillingServiceService, {
    createWorkspace: (request) => access.createWorkspace(request),
    createApiKey: (request) => access.createApiKey(request.workspaceId),
    revokeApiKey: async (request) => ({ revokedAt: await access.revokeApiKey(request.keyId) }),
    authenticate: (request) => access.authenticate(request.apiKey),

    async quote(request) {
      const [quote, covered] = await Promise.all([
        prices.quote(toLines(request.lines)),
        request.workspaceId === undefined ? undefined : ledger.balance(request.workspaceId),
      ]);
      if (covered) requireCoverage(covered.available, quote.total);
      return {
        total: quote.total,
        lines: quote.lines.map((l) => ({ line: { ...l.line }, unitPrice: l.unitPrice, amount: l.amount })),
        available: covered?.available,
      };
    },
    reserve: (request) =>
      ledger.reserve({
        workspaceId: request.workspaceId,
        lines: toLines(request.lines),
        idempotencyKey: request.idempotencyKey,
        ttlSeconds: request.ttlSeconds,
      }),
    commit: (request) =>
      ledger.commit({
        reservationId: request.reservationId,
        workspaceId: request.workspaceId,
        lines: toLines(request.lines),
        idempotencyKey: request.idempotencyKey,
      }),
    charge: (request) =>
      ledger.charge({ workspaceId: request.workspaceId, lines: toLines(request.lines), idempotencyKey: request.idempotencyKey }),
    release: (request) => ledger.release(request),
    refund: (request) => ledger.refund(request),
    getBalance: (request) => ledger.balance(request.workspaceId),
    async listLedger(request) {
      // Settles first, so entries that have just fallen due (an expiry) are listed; unknown workspace: NOT_FOUND.
      await ledger.balance(request.workspaceId);
      const { entries, page } = await listLedger(database.prisma, request.workspaceId.toLowerCase(), {
        limit: request.page?.limit ?? 0,
        offset: request.page?.offset ?? 0,
        action: request.action,
      });
      return { entries, page };
    },
    listPrices: async () => ({ prices: await prices.list() }),

    async grantTokens(request) {
      const grant = await ledger.grant({
        workspaceId: request.workspaceId,
        amount: request.amount,
        expiresInSeconds: request.expiresInSeconds,
        idempotencyKey: request.idempotencyKey,
        source: 'grant',
      });
      return { ...grant, expiresAt: grant.expiresAt ?? undefined };
    },
    setPrice: async (request) => ({ price: await prices.set(request.action, request.tokens) }),
    verify: (request) => verifyLedger(database.pool, request.workspaceId),
  });
}
