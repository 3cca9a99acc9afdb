import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Env } from '../../config/env';
import { claimImportJob } from './import-jobs.queries';
import { ImportRunner } from './import-runner';
import { PollSleep } from '../../platform/background/poll-sleep';

/**
 * Runs import jobs, one at a time per process, in every process with IMPORTS_WORKER (the API
 * instances by default, and `npm run start:worker`): claims the oldest due job (`FOR UPDATE SKIP
 * LOCKED`, so any number of instances share the queue), runs it, claims the next. Idle, it looks
 * again every IMPORTS_POLL_INTERVAL_MS, or at once when this process queued a job. Stopping (app
 * shutdown) ends after the batch under way; the job stays Running and another worker resumes it
 * from its checkpoint once its lease has ended.
 */
@Injectable()
export class ImportWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Imports');
  private stopped = true;
  private loop?: Promise<void>;
  private readonly pollSleep = new PollSleep();

  constructor(
    private readonly dataSource: DataSource,
    private readonly runner: ImportRunner,
    private readonly env: Env,
  ) {}

  onApplicationBootstrap(): void {
    if (this.env.IMPORTS_WORKER) this.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.poke();
    await this.loop;
  }

  /** A job was queued: look now rather than at the next poll. */
  poke(): void {
    this.pollSleep.poke();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let ran = false;
      try {
        ran = await this.round();
      } catch (e) {
        if (!this.stopped) this.logger.error(`Import round failed: ${(e as Error).message}`);
      }
      if (!ran && !this.stopped) await this.sleep(this.env.IMPORTS_POLL_INTERVAL_MS);
    }
  }

  /** Claims and runs one job; false when none was due. */
  async round(): Promise<boolean> {
    const job = await claimImportJob(this.dataSource, this.env.IMPORTS_LEASE_MS);
    if (!job) return false;
    await this.runner.run(job, () => this.stopped);
    return true;
  }

  private sleep(ms: number): Promise<void> {
    return this.pollSleep.sleep(ms);
  }
}
