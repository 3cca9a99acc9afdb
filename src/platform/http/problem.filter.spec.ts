import { describe, expect, it, jest } from '@jest/globals';
import { type ArgumentsHost, Logger, NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ConstraintNames } from './constraint-names';
import { badRequest, Problem } from './problem';
import { ProblemFilter } from './problem.filter';

function run(exception: unknown) {
  const sent: {
    status?: number;
    type?: string;
    body?: Record<string, unknown>;
    headers: Record<string, string>;
  } = { headers: {} };
  const res = {
    sent: false,
    headers(h: Record<string, string>) {
      Object.assign(sent.headers, h);
      return this;
    },
    status(code: number) {
      sent.status = code;
      return this;
    },
    type(t: string) {
      sent.type = t;
      return this;
    },
    send(text: string) {
      sent.body = JSON.parse(text);
      return this;
    },
  };
  const req = { id: 'corr-42', url: '/core-api/accounts?Take=1' };
  const host = {
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ArgumentsHost;
  new ProblemFilter(new ConstraintNames()).catch(exception, host);
  return sent;
}

const dbError = (code: string, constraint?: string) =>
  new QueryFailedError('INSERT …', [], Object.assign(new Error('db'), { code, constraint }));

describe('ProblemFilter', () => {
  it('answers a 500 with a correlation id and nothing internal', () => {
    const sent = run(new Error('connect ECONNREFUSED 10.0.0.1:5432 password=secret'));
    expect(sent.status).toBe(500);
    expect(sent.type).toBe('application/problem+json');
    expect(sent.body).toEqual({
      type: 'https://httpstatuses.io/500',
      title: 'Internal Server Error',
      status: 500,
      detail: expect.any(String),
      instance: '/core-api/accounts',
      correlationId: 'corr-42',
    });
    expect(JSON.stringify(sent.body)).not.toMatch(/ECONNREFUSED|secret|at .*\.ts/);
  });

  it('logs an unhandled 500 but not a 503 that says when to retry (load shedding)', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const shed = run(new Problem(503, 'Busy; retry after 5 seconds.', undefined, { 'Retry-After': '5' }));
      expect(shed.status).toBe(503);
      expect(shed.headers).toEqual({ 'Retry-After': '5', 'x-request-id': 'corr-42' });
      expect(shed.body).toMatchObject({ status: 503, correlationId: 'corr-42' });
      expect(logged).not.toHaveBeenCalled();
      run(new Error('boom'));
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      logged.mockRestore();
    }
  });

  it('maps unique violations to 409 naming the field, foreign keys to 409, check violations to 400', () => {
    expect(run(dbError('23505', 'uq_products__sku')).body).toMatchObject({
      status: 409,
      errors: { sku: ['is already in use'] },
    });
    expect(run(dbError('23503')).status).toBe(409);
    expect(run(dbError('23514', 'ck_deals__expected_revenue')).body).toMatchObject({
      status: 400,
      errors: { expectedRevenue: ['is invalid'] },
    });
  });

  it('keeps the errors of a validation problem and shapes Nest’s own exceptions', () => {
    expect(run(badRequest({ name: ['name should not be empty'] })).body).toMatchObject({
      status: 400,
      errors: { name: ['name should not be empty'] },
    });
    expect(run(new NotFoundException('Cannot GET /nope')).body).toMatchObject({
      status: 404,
      title: 'Not Found',
    });
  });
});
