import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { InfoController } from '../info/info.api';
import { HealthController } from './health.controller';
import { Lifecycle } from './lifecycle';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController, InfoController],
  providers: [Lifecycle],
  exports: [Lifecycle],
})
export class HealthModule {}
