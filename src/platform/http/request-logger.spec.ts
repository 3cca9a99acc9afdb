import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import Fastify from 'fastify';
import pino from 'pino';
import request from 'supertest';
import { Logger } from '@nestjs/common';
import { loggablePath, PinoNestLogger, registerRequestLogging, requestId } from './request-logger';

describe('request logging', () => {
  it('writes one line per request with method, path, status, duration and correlation id — never bodies or tokens', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().trim().split('\n'));
        done();
      },
    });
    const app = Fastify({ genReqId: requestId });
    registerRequestLogging(app, pino({ level: 'info' }, sink));
    app.all('/*', async (_req, reply) => reply.status(201).send({ ok: true }));
    await app.ready();
    const res = await request(app.server)
      .post('/core-api/auth/logout/eyJsecret.token.value?password=hunter2')
      .set('x-request-id', 'corr-1')
      .set('Authorization', 'Bearer eyJsecret')
      .send({ password: 'hunter2' });
    expect(res.headers['x-request-id']).toBe('corr-1');
    await new Promise((r) => setImmediate(r));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      msg: 'request',
      req: { id: 'corr-1', method: 'POST', path: '/core-api/auth/logout/[redacted]' },
      res: { status: 201 },
      durationMs: expect.any(Number),
    });
    expect(lines[0]).not.toMatch(/hunter2|eyJsecret|authorization/i);
    await app.close();
  });

  it('makes a new correlation id when the given one is malformed', async () => {
    const app = Fastify({ genReqId: requestId });
    registerRequestLogging(app, pino({ level: 'silent' }));
    app.get('/', async () => ({}));
    await app.ready();
    const res = await request(app.server).get('/').set('x-request-id', 'bad id with spaces');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });

  it('hides the token of a logout path', () => {
    expect(loggablePath('/core-api/auth/logout/abc.def?x=1')).toBe('/core-api/auth/logout/[redacted]');
    expect(loggablePath('/core-api/users?Take=5')).toBe('/core-api/users');
  });

  it('turns the fields of a Nest Logger call into fields of the line (the request id of background work)', () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(
          ...chunk
            .toString()
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l) as Record<string, unknown>),
        );
        done();
      },
    });
    const nest = new PinoNestLogger(pino({ level: 'debug' }, sink));
    Logger.overrideLogger(nest);
    try {
      const logger = new Logger('Webhooks');
      logger.warn({ requestId: 'corr-9', deliveryId: 'd-1' }, 'Webhook delivery attempt failed');
      logger.log('plain text');
      logger.error(new Error('boom'));
      logger.debug({ requestId: null }, 'no request');
    } finally {
      Logger.overrideLogger(false);
    }
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        context: 'Webhooks',
        requestId: 'corr-9',
        deliveryId: 'd-1',
        msg: 'Webhook delivery attempt failed',
      }),
      expect.objectContaining({ level: 30, context: 'Webhooks', msg: 'plain text' }),
      expect.objectContaining({ level: 50, context: 'Webhooks', msg: 'boom', err: expect.anything() }),
      expect.objectContaining({ level: 20, context: 'Webhooks', requestId: null, msg: 'no request' }),
    ]);
  });

  it("logs Nest's start-up lines (a line per module and per route) at debug, the service's own at info", () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const nest = new PinoNestLogger(pino({ level: 'debug' }, sink));
    nest.log('Mapped {/core-api/users, GET} route', 'RouterExplorer');
    nest.log('AppModule dependencies initialized', 'InstanceLoader');
    nest.log('Nest application successfully started', 'NestApplication');
    nest.log('Webhook delivery worker started', 'Webhooks');
    expect(lines.map((l) => [l.context, l.level])).toEqual([
      ['RouterExplorer', 20],
      ['InstanceLoader', 20],
      ['NestApplication', 20],
      ['Webhooks', 30],
    ]);
  });
});
