import { DomainCodes, DomainError } from '@talent/platform';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { errorMiddleware, HttpError, toHttpFailure } from './errors.js';

const map = (error: unknown) => toHttpFailure(error, 'req-1');

describe('the domain error table', () => {
  it('maps every domain code of the platform to an HTTP status', () => {
    for (const code of Object.keys(DomainCodes) as (keyof typeof DomainCodes)[]) {
      const failure = map(new DomainError(code, 'message'));
      expect(failure.status, code).toBeGreaterThanOrEqual(400);
    }
  });

  it('gives the spec bodies for the codes the spec names', () => {
    expect(map(new DomainError('INSUFFICIENT_CREDITS', 'Not enough tokens.', { balance: 3, required: 10 }))).toEqual({
      status: 402,
      body: { code: 'INSUFFICIENT_CREDITS', message: 'Not enough tokens.', balance: 3, required: 10 },
    });
    expect(map(new DomainError('VACANCY_NOT_FOUND', 'No such job.', { vacancy_id: 'j1' }))).toEqual({
      status: 404,
      body: { code: 'VACANCY_NOT_FOUND', message: 'No such job.', vacancy_id: 'j1' },
    });
    expect(map(new DomainError('CANDIDATES_NOT_FOUND', 'Unusable.', { candidate_ids: ['c1', 'c2'] }))).toEqual({
      status: 422,
      body: { code: 'CANDIDATES_NOT_FOUND', message: 'Unusable.', candidate_ids: ['c1', 'c2'] },
    });
    expect(map(new DomainError('VACANCY_HAS_NO_REQUIREMENTS', 'Empty.', { vacancy_id: 'j2' })).status).toBe(422);
    expect(map(new DomainError('UPDATE_INVALID', 'Bad skills.', { invalid_skills: [{ id: 'x', field: 'hard_skills', message: 'unknown' }] }))).toEqual({
      status: 400,
      body: { detail: { message: 'Bad skills.', invalid_skills: [{ id: 'x', field: 'hard_skills', message: 'unknown' }] } },
    });
    expect(map(new DomainError('UPDATE_SCHEMA_MISMATCH', 'Mismatch.', { schema: 'CvUpdate', errors: [{ type: 'missing', loc: ['body'], msg: 'x' }] }))).toEqual({
      status: 422,
      body: { detail: { message: 'Mismatch.', schema: 'CvUpdate', errors: [{ type: 'missing', loc: ['body'], msg: 'x' }] } },
    });
    expect(map(new DomainError('TASK_PENDING', 'Still processing.'))).toEqual({ status: 404, body: { message: 'Still processing.', status: 'PENDING' } });
    expect(map(new DomainError('NOT_FOUND', 'No such CV.'))).toEqual({ status: 404, body: { error: 'No such CV.' } });
    expect(map(new DomainError('UNSUPPORTED_FILE_TYPE', 'Only PDF, DOC, DOCX.'))).toEqual({ status: 400, body: { error: 'Only PDF, DOC, DOCX.' } });
    expect(map(new DomainError('IDEMPOTENCY_KEY_REUSED', 'Key reused.'))).toEqual({
      status: 422,
      body: { error: 'Key reused.', code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(map(new DomainError('UPSTREAM_FAILED', 'Provider failed.'))).toEqual({ status: 502, body: { error: 'Provider failed.', request_id: 'req-1' } });
    expect(map(new DomainError('PEER_UNAVAILABLE', 'internal wording'))).toEqual({
      status: 503,
      body: { error: 'Service temporarily unavailable. Retry later.', request_id: 'req-1' },
      headers: { 'Retry-After': '1' },
    });
    expect(map(new DomainError('NOT_CONFIGURED', 'No provider.'))).toEqual({ status: 503, body: { error: 'No provider.', request_id: 'req-1' } });
  });

  it('hides internals of unexpected failures behind 500 {error, request_id}', () => {
    const failure = map(new Error('connection to db at 10.0.0.3 refused'));
    expect(failure).toEqual({ status: 500, body: { error: 'Internal server error.', request_id: 'req-1' } });
    expect(map(new DomainError('INTERNAL', 'stack trace here')).body).toEqual({ error: 'Internal server error.', request_id: 'req-1' });
  });

  it('keeps the status and headers of HTTP-level errors', () => {
    expect(map(new HttpError(405, { error: 'no' }, { Allow: 'GET' }))).toEqual({ status: 405, body: { error: 'no' }, headers: { Allow: 'GET' } });
  });
});

describe('the error middleware with a real JSON body parser', () => {
  it('answers malformed JSON with 400 {error}', async () => {
    const app = express();
    app.post('/echo', express.json(), (req, res) => {
      res.json(req.body);
    });
    app.use(errorMiddleware(pino({ level: 'silent' })));
    const server = app.listen(0);
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`;
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"inputs": [' });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: 'Malformed JSON body.' });
      // Declared gzip, but not gzip: the body cannot be decoded, which is the client's mistake too.
      const notGzip = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: '{"a":1}' });
      expect(notGzip.status).toBe(400);
      expect(await notGzip.json()).toEqual({ error: expect.stringMatching(/does not decode/) });
    } finally {
      server.close();
    }
  });
});
