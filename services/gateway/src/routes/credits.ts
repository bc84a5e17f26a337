import type { billing } from '@talent/proto';
import type { z } from 'zod';
import type { ApiRouter } from '../http/api.js';
import { toTimestamp } from '../schemas/common.js';
import { BalanceResponse, CostsResponse, HistoryQuery, HistoryResponse, type LedgerEntry } from '../schemas/credits.js';
import type { Upstreams } from '../upstreams.js';

const epoch = new Date(0);

function toLedgerEntry(entry: billing.LedgerEntry): z.output<typeof LedgerEntry> {
  return {
    id: entry.id,
    action: entry.action,
    kind: entry.kind as z.output<typeof LedgerEntry>['kind'],
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    reference: entry.reference || null,
    created_at: toTimestamp(entry.createdAt ?? epoch),
  };
}

export function registerCreditRoutes(api: ApiRouter, { billing }: Upstreams): void {
  api.add(
    {
      method: 'get',
      path: '/credits/balance',
      operationId: 'getCreditBalance',
      tag: 'Tokens',
      summary: 'Workspace token balance',
      description: 'Real-time token balance of the workspace of the API key. Free of charge.',
      response: { description: 'The balance.', schema: BalanceResponse },
    },
    async ({ workspaceId, context }): Promise<z.output<typeof BalanceResponse>> => {
      const balance = await billing.getBalance({ workspaceId }, { context });
      return {
        message: 'Balance retrieved successfully.',
        data: {
          balance: balance.balance,
          reserved: balance.reserved,
          available: balance.available,
          updated_at: toTimestamp(balance.updatedAt ?? epoch),
        },
      };
    },
  );

  api.add(
    {
      method: 'get',
      path: '/credits/history',
      operationId: 'listCreditHistory',
      tag: 'Tokens',
      summary: 'Token ledger history',
      description:
        'Immutable ledger entries of the workspace, newest first, paginated with `limit`/`offset` and optionally filtered by `action`. Charges are negative, refunds (on the original action) and grants positive; an expiring grant leaves through one `token_expired` entry. Free of charge.',
      query: HistoryQuery,
      errors: [400],
      response: { description: 'One page of ledger entries.', schema: HistoryResponse },
    },
    async ({ workspaceId, query, context }): Promise<z.output<typeof HistoryResponse>> => {
      const { entries, page } = await billing.listLedger(
        {
          workspaceId,
          page: { limit: query.limit, offset: query.offset },
          action: query.action ?? '',
        },
        { context },
      );
      const data = entries.map(toLedgerEntry);
      const total = page?.total ?? query.offset + data.length;
      return {
        message: 'Ledger history retrieved successfully.',
        length: data.length,
        data,
        pagination: { total, offset: query.offset, limit: query.limit, has_more: query.offset + data.length < total },
      };
    },
  );

  api.add(
    {
      method: 'get',
      path: '/credits/costs',
      operationId: 'listCreditCosts',
      tag: 'Tokens',
      summary: 'Price list',
      description: 'Live price of every billable action, in tokens per unit; the authoritative source of prices. Free of charge.',
      response: { description: 'The price list.', schema: CostsResponse },
    },
    async ({ context }): Promise<z.output<typeof CostsResponse>> => {
      const { prices } = await billing.listPrices({}, { context });
      const data = prices.map(({ action, tokens, unit, description }) => ({ action, tokens, unit, description }));
      return { message: 'Price list retrieved successfully.', length: data.length, data };
    },
  );
}
