import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { Public } from '../platform/auth/decorators';
import { STANDBYS } from '../platform/database/db';
import type { Standbys } from '../platform/database/standbys';
import { pingDatabase } from './health.queries';
import { Lifecycle } from './lifecycle';

/** Terminus' answer, documented here (its own decorators document it only where they find @nestjs/swagger). */
const checks = {
  type: 'object',
  nullable: true,
  description:
    'Per check (lifecycle, database; standbys with DATABASE_READ_URLS: always up, as reads go to the primary when no standby serves, with `standbys`, each standby’s `state` (up, lagging, down, starting) and lag), its status and details',
  additionalProperties: {
    type: 'object',
    required: ['status'],
    properties: { status: { type: 'string', enum: ['up', 'degraded', 'down'] }, message: { type: 'string' } },
  },
};
const healthAnswer = (statuses: string[]) => ({
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: statuses },
    info: checks,
    error: checks,
    details: { ...checks, nullable: false },
  },
});

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly dataSource: DataSource,
    private readonly lifecycle: Lifecycle,
    @Inject(STANDBYS) private readonly standbys: Standbys,
  ) {}

  @Get('live')
  @Public()
  // Above @HealthCheck, so this schema wins over Terminus' where it documents one.
  @ApiOkResponse({ description: 'The process is up', schema: healthAnswer(['ok', 'degraded']) })
  @HealthCheck()
  @ApiOperation({ operationId: 'getLiveness', summary: 'Check liveness', description: 'The process is up.' })
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @Public()
  @ApiOkResponse({
    description: 'The process can serve: it is not shutting down and the database answers',
    schema: healthAnswer(['ok', 'degraded']),
  })
  @ApiServiceUnavailableResponse({
    description: 'Shutting down, or the database does not answer (`error` names the check)',
    schema: healthAnswer(['error', 'shutting_down']),
  })
  @HealthCheck()
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Check readiness',
    description:
      'The process can serve: it is not shutting down and the database answers (503 otherwise). ' +
      'From SIGTERM on it answers 503, so that a load balancer stops sending requests to it.',
  })
  ready() {
    return this.health.check([
      () => {
        const check = this.indicator.check('lifecycle');
        return this.lifecycle.ready ? check.up() : check.down({ message: 'shutting down' });
      },
      async () => {
        const check = this.indicator.check('database');
        try {
          await pingDatabase(this.dataSource);
          return check.up();
        } catch (e) {
          return check.down({ message: (e as Error).message.slice(0, 200) });
        }
      },
      ...(this.standbys.configured
        ? [() => this.indicator.check('standbys').up({ standbys: this.standbys.statuses() })]
        : []),
    ]);
  }
}
