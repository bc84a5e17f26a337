import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import express, { type RequestHandler } from 'express';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from '../openapi/zod.js';
import { ApiRouter, jsonDepth, JsonText, MAX_JSON_DEPTH, serialise } from './api.js';
import { errorMiddleware } from './errors.js';

const pass: RequestHandler = (_req, _res, next) => next();

describe('jsonDepth', () => {
  it('counts nesting of objects and arrays, scalars adding none, without recursion', () => {
    expect(jsonDepth('text', 10)).toBe(0);
    expect(jsonDepth({ information: { first_name: 'Ada' }, hard_skills: [{ id: 'x' }] }, 10)).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(jsonDepth(deep, 50)).toBe(51);
  });
});

describe('ApiRouter JSON bodies', () => {
  it('refuses a body nested deeper than the limit with 400 before a handler re-serialises it', async () => {
    const api = new ApiRouter(new OpenAPIRegistry(), { authenticate: pass, rateLimit: pass });
    // Like PUT /cvs/{id}: the body is handed on as JSON text, which would overflow the stack on a deep value.
    api.add(
      {
        method: 'put',
        path: '/things',
        operationId: 'putThing',
        tag: 'Things',
        summary: 's',
        description: 'd',
        public: true,
        rawBody: { mediaType: 'application/json', schema: z.object({}), description: 'any' },
        response: { description: 'r', schema: z.object({ length: z.number() }) },
      },
      async ({ body }) => ({ length: JSON.stringify(body).length }),
    );
    const app = express();
    app.use('/api/v1', api.finish());
    app.use(errorMiddleware(pino({ level: 'silent' })));
    const server = app.listen(0);
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/things`;
      const put = (body: string) => fetch(url, { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
      const deep = await put(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
      expect(deep.status).toBe(400);
      expect(await deep.json()).toEqual({ error: `JSON body nested deeper than ${MAX_JSON_DEPTH} levels.` });
      const fine = await put(JSON.stringify({ information: { address: { city: 'Lyon' } }, hard_skills: [{ id: 'a' }] }));
      expect(fine.status).toBe(200);
      // What PostgreSQL cannot store leaves every string (NUL), or is replaced (a lone surrogate by U+FFFD).
      const nul = await put('{"summary":"Data\\u0000 engineer","skills":["SQL\\uD83D"]}');
      expect(nul.status).toBe(200);
      expect(await nul.json()).toEqual({ length: JSON.stringify({ summary: 'Data engineer', skills: ['SQL\ufffd'] }).length });
    } finally {
      server.close();
    }
  });
});

describe('serialise', () => {
  it('splices JSON a peer already wrote, at the top, in arrays and one level down, as JSON.stringify would write it', () => {
    const record = { id: 'a1', information: { name: 'Jane "JR" Roe', skills: ['SQL', 'Go'] }, score: 7.5 };
    const raw = new JsonText(JSON.stringify(record));
    const answers = [
      raw,
      [raw, raw],
      { message: 'CV retrieved successfully.', status: 'COMPLETED', data: raw, skipped: undefined },
      { length: 2, data: [raw, raw], pagination: { total: 2, has_more: false } },
      { plain: ['no', 'raw', 'json'], n: null },
    ];
    for (const answer of answers) expect(JSON.parse(serialise(answer))).toEqual(JSON.parse(JSON.stringify(answer)));
    expect(serialise({ data: raw })).toBe(`{"data":${raw.text}}`);
  });
});
