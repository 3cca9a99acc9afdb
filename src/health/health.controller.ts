import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { Public } from '../platform/auth/decorators';

@ApiTags('Health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly dataSource: DataSource,
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
  @ApiOkResponse({ description: 'The process can serve: the database answers' })
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Check readiness',
    description: 'The process can serve: the database answers (503 otherwise).',
  })
  ready() {
    return this.health.check([
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
