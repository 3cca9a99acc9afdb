import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { Public } from '../platform/auth/decorators';
import { Lifecycle } from './lifecycle';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly dataSource: DataSource,
    private readonly lifecycle: Lifecycle,
  ) {}

  @Get('live')
  @Public()
  @HealthCheck()
  // Below @HealthCheck, so Terminus' fuller answer (with its schema) wins where it documents one.
  @ApiOkResponse({ description: 'The process is up' })
  @ApiOperation({ operationId: 'getLiveness', summary: 'Check liveness', description: 'The process is up.' })
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @Public()
  @HealthCheck()
  @ApiOkResponse({ description: 'The process can serve: it is not shutting down and the database answers' })
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
          await this.dataSource.query('SELECT 1');
          return check.up();
        } catch (e) {
          return check.down({ message: (e as Error).message.slice(0, 200) });
        }
      },
    ]);
  }
}
