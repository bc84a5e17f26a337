import type { billing } from '@talent/proto';
import type { z } from 'zod';
import type { ApiRouter } from '../http/api.js';
import { toTimestamp } from '../schemas/common.js';
import { usageOf } from '../quotes/billable-calls.js';
import {
  BalanceResponse,
  CostsResponse,
  HistoryQuery,
  HistoryResponse,
  QuoteBody,
  QuoteResponse,
  type LedgerEntry,
} from '../schemas/credits.js';
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

  api.add(
    {
      method: 'post',
      path: '/credits/quote',
      operationId: 'quoteCredits',
      tag: 'Tokens',
      summary: 'Price a billable call before making it (extension)',
      description: [
        '**Extension beyond the spec.** Answers what a billable call would charge now, at current prices, and whether the available balance covers it, without charging or reserving anything. Free of charge.',
        '`operation` names the call by its operationId; `body` is the JSON body it would be sent, validated exactly as that call validates it (the same 400 messages). For the file uploads (`analyzeCvFiles`, `analyzeJobFiles`) give `files` (how many) and `cache` instead.',
        '`exact` is true when a successful call made now charges exactly `tokens` (analysis with `cache: false`, a match, a fairness report); otherwise `tokens` is the most it can charge (analysis with `cache`, where content analyzed before is free; a sourcing search, charged per candidate actually returned, Token rule 6; an ingest, where profiles ingested before are free). Existence of the job, CVs or session named in the body is not checked: the call itself answers 404/422 for them, uncharged.',
      ].join('\n\n'),
      body: QuoteBody,
      errors: [400],
      response: { description: 'The quote.', schema: QuoteResponse },
    },
    async ({ body, workspaceId, context }): Promise<z.output<typeof QuoteResponse>> => {
      const usage = usageOf(body.operation, body);
      const lines = usage.lines.filter((line) => line.quantity > 0).map((line) => ({ ...line, ref: '' }));
      const [quote, balance] = await Promise.all([
        billing.quote({ lines }, { context }),
        billing.getBalance({ workspaceId }, { context }),
      ]);
      return {
        message: `${body.operation} would charge ${usage.exact ? '' : 'at most '}${quote.total} tokens now.`,
        data: {
          operation: body.operation,
          tokens: quote.total,
          exact: usage.exact,
          lines: quote.lines.map(({ line, unitPrice, amount }) => ({
            action: line?.action ?? '',
            quantity: line?.quantity ?? 0,
            unit_price: unitPrice,
            tokens: amount,
          })),
          available: balance.available,
          covered: balance.available >= quote.total,
        },
      };
    },
  );
}
