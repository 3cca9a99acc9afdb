import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { BackgroundQueues } from '../src/platform/metrics/background-queues';
import { ServiceMetrics } from '../src/platform/metrics/service-metrics';
import { say } from './lib/config';

/**
 * What recording one request costs the service (the onResponse hook's one histogram
 * observation), and what a scrape costs with many series: `node dist/bench/metrics-recording.js`
 * after `npm run build`. CPU time of this process, no server, no database.
 */
async function main(): Promise<void> {
  const metrics = new ServiceMetrics({ driver: {} } as unknown as DataSource, new BackgroundQueues());
  // 200 route patterns × 2 methods × 3 statuses: more series than the service has in practice.
  const labels = Array.from({ length: 1200 }, (_, i) => ({
    method: i % 2 ? 'GET' : 'POST',
    route: `/core-api/resource-${Math.floor(i / 6)}/:id`,
    status: [200, 404, 400][i % 3],
  }));
  const calls = 2_000_000;
  for (let i = 0; i < 100_000; i++) metrics.observeRequest('GET', '/warm/:id', 200, 0.002);
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < calls; i++) {
    const l = labels[i % labels.length];
    metrics.observeRequest(l.method, l.route, l.status, (i % 50) / 1000);
  }
  const wall = performance.now() - start;
  const used = process.cpuUsage(cpu);
  say(
    `observeRequest: ${(((used.user + used.system) * 1000) / calls).toFixed(0)} ns CPU per call ` +
      `(${((wall * 1e6) / calls).toFixed(0)} ns wall), ${labels.length} label sets`,
  );
  const renders = 20;
  const renderCpu = process.cpuUsage();
  let size = 0;
  for (let i = 0; i < renders; i++) size = (await metrics.render()).length;
  const r = process.cpuUsage(renderCpu);
  say(
    `render: ${((r.user + r.system) / 1000 / renders).toFixed(1)} ms CPU per scrape, ${(size / 1024).toFixed(0)} KiB of text`,
  );
}

void main();
