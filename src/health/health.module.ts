import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { InfoController } from '../info/info.controller';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false })],
  controllers: [HealthController, InfoController],
})
export class HealthModule {}
