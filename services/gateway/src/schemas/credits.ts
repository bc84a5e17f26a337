import { BILLABLE_ACTIONS } from '@talent/platform';
import { MAX_OFFSET, Pagination, queryInt, Timestamp } from './common.js';
import { QUOTABLE_OPERATIONS } from '../quotes/billable-calls.js';
import { DOCUMENT_LIMITS } from './documents.js';
import { z } from '../openapi/zod.js';

export { BILLABLE_ACTIONS };


export const Balance = z
  .object({
    balance: z.int().openapi({ description: 'Tokens held by the workspace (sum of its ledger entries).', example: 1000 }),
    reserved: z.int().min(0).openapi({ description: 'Tokens held by operations still in progress.', example: 20 }),
    available: z.int().openapi({ description: '`balance - reserved`: what a new billable request can use.', example: 980 }),
    updated_at: Timestamp.openapi({ description: 'Time of the last change to the balance or reservations.' }),
  })
  .openapi('Balance');

export const BalanceResponse = z.object({ message: z.string(), data: Balance }).openapi('BalanceResponse');

export const LedgerEntry = z
  .object({
    id: z.uuid(),
    action: z.string().openapi({
      description: `A billable action (${BILLABLE_ACTIONS.join(', ')}) for charges and refunds, \`token_grant\` for grants, \`token_expired\` for expiries.`,
      example: 'cv_processing',
    }),
    kind: z.enum(['charge', 'refund', 'grant', 'expiry']),
    amount: z.int().openapi({ description: 'Signed: negative for charges and expiries, positive for refunds and grants.', example: -10 }),
    balance_after: z.int().openapi({ description: 'Workspace balance right after this entry.', example: 990 }),
    reference: z
      .string()
      .nullable()
      .openapi({
        description:
          'For charges and refunds, the unit of work (e.g. the CV task id); for grants and expiries, the id of the grant concerned.',
      }),
    created_at: Timestamp,
  })
  .openapi('LedgerEntry');

export const HistoryQuery = z.object({
  limit: queryInt('limit', 1, 100, 20, 'Entries per page (1–100, default 20).'),
  offset: queryInt('offset', 0, MAX_OFFSET, 0, 'Entries to skip from the newest (default 0).'),
  action: z
    .string({ error: "Query parameter 'action' must be a single action name." })
    .regex(/^[a-z_]{1,64}$/, { error: "Query parameter 'action' must be an action name such as cv_processing." })
    .optional()
    .openapi({ description: 'Only entries of this action, e.g. `cv_processing` or `token_expired`.' }),
});

export const HistoryResponse = z
  .object({
    message: z.string(),
    length: z.int().min(0).openapi({ description: 'Number of entries in `data`.' }),
    data: z.array(LedgerEntry).openapi({ description: 'Newest first.' }),
    pagination: Pagination,
  })
  .openapi('HistoryResponse');

export const Price = z
  .object({
    action: z.string().openapi({ example: 'cv_processing' }),
    tokens: z.int().min(0).openapi({ description: 'Price of one unit, in tokens.', example: 10 }),
    unit: z.string().openapi({ description: 'What one unit is, e.g. `cv`, `request`, `candidate`.', example: 'cv' }),
    description: z.string(),
  })
  .openapi('Price');

export const CostsResponse = z
  .object({ message: z.string(), length: z.int().min(0), data: z.array(Price) })
  .openapi('CostsResponse');

const FILES_MESSAGE = `'files' must be the number of files to upload, 1–${DOCUMENT_LIMITS.maxFiles}.`;

export const QuoteBody = z
  .strictObject(
    {
      operation: z
        .enum(QUOTABLE_OPERATIONS, { error: `'operation' must be one of ${QUOTABLE_OPERATIONS.join(', ')}.` })
        .openapi({ description: 'The billable call to price, by its operationId.', example: 'analyzeCvs' }),
      body: z
        .unknown()
        .optional()
        .openapi({
          description:
            'The JSON body the call would be sent (validated as that call validates it: the same 400s). Not used for the file uploads.',
          example: { inputs: ['Jane Doe — backend engineer…', 'John Roe — data engineer…'], cache: false },
        }),
      files: z
        .int({ error: FILES_MESSAGE })
        .min(1, { error: FILES_MESSAGE })
        .max(DOCUMENT_LIMITS.maxFiles, { error: FILES_MESSAGE })
        .optional()
        .openapi({ description: `analyzeCvFiles / analyzeJobFiles only: the number of files the upload would carry (1–${DOCUMENT_LIMITS.maxFiles}).`, example: 3 }),
      cache: z
        .boolean({ error: "'cache' must be a boolean (true or false)." })
        .optional()
        .openapi({ description: 'analyzeCvFiles / analyzeJobFiles only: the upload\'s `cache` field (default true).', example: false }),
    },
    {
      error: (issue: { code: string; keys?: string[] }) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown field '${issue.keys?.[0] ?? ''}': the body accepts 'operation', 'body', 'files', 'cache'.`
          : 'Request body must be a JSON object.',
    },
  )
  .openapi('QuoteRequest');

export const QuoteLine = z
  .object({
    action: z.string().openapi({ example: 'cv_processing' }),
    quantity: z.int().min(1).openapi({ example: 2 }),
    unit_price: z.int().min(0).openapi({ description: 'Current price of one unit.', example: 10 }),
    tokens: z.int().min(0).openapi({ example: 20 }),
  })
  .openapi('QuoteLine');

export const Quote = z
  .object({
    operation: z.enum(QUOTABLE_OPERATIONS),
    tokens: z.int().min(0).openapi({ description: 'What the call would charge now, at current prices.', example: 20 }),
    exact: z.boolean().openapi({
      description:
        'True: a successful call made now charges exactly `tokens`. False: `tokens` is the most it can charge (analysis with `cache`, where content analyzed before is free; a sourcing search, charged per candidate actually returned; an ingest, where profiles ingested before are free).',
    }),
    lines: z.array(QuoteLine),
    available: z.int().openapi({ description: 'The workspace\'s available balance now (`balance - reserved`).', example: 980 }),
    covered: z.boolean().openapi({ description: 'Whether `available` covers `tokens` (else the call would answer 402).', example: true }),
  })
  .openapi('Quote');

export const QuoteResponse = z.object({ message: z.string(), data: Quote }).openapi('QuoteResponse');
