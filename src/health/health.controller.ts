import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
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
  @ApiOperation({ operationId: 'getLiveness', summary: 'Check liveness', description: 'The process is up.' })
  live() {
    return this.health.check([]);
  }

  @Get('ready')
  @Public()
  @HealthCheck()
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
