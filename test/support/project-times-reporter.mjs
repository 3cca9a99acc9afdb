/**
 * Jest reporter: after the run, one line per project with its suites, tests and time, so a slow
 * project shows up in every `npm test` and CI log. The projects share the workers, so a project's
 * time is from the start of its first suite to the end of its last; "in suites" adds up the
 * suites' own run times (the work the project gave the workers).
 */
export default class ProjectTimesReporter {
  constructor() {
    this.started = Date.now();
    /** @type {Map<string, { suites: number; failedSuites: number; tests: number; failed: number; first: number; last: number; busy: number }>} */
    this.projects = new Map();
  }

  onRunStart() {
    this.started = Date.now();
  }

  onTestResult(test, result) {
    const name = test.context.config.displayName?.name ?? 'default';
    const p = this.projects.get(name) ?? {
      suites: 0,
      failedSuites: 0,
      tests: 0,
      failed: 0,
      first: Infinity,
      last: 0,
      busy: 0,
    };
    const { start, end } = result.perfStats;
    p.suites += 1;
    if (result.testExecError || result.numFailingTests > 0) p.failedSuites += 1;
    p.tests += result.numPassingTests + result.numFailingTests;
    p.failed += result.numFailingTests;
    // A suite that failed to load has no start; count it from the run's start.
    p.first = Math.min(p.first, start || this.started);
    p.last = Math.max(p.last, end || Date.now());
    p.busy += start && end ? end - start : 0;
    this.projects.set(name, p);
  }

  onRunComplete() {
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [...this.projects]
      .sort(([, a], [, b]) => a.first - b.first)
      .map(
        ([name, p]) =>
          `  ${name.padEnd(10)} ${seconds(p.last - p.first).padStart(8)}` +
          `  (${p.suites} suites${p.failedSuites ? `, ${p.failedSuites} failed` : ''},` +
          ` ${p.tests} tests${p.failed ? `, ${p.failed} failed` : ''}, ${seconds(p.busy)} in suites)`,
      );
    process.stderr.write(
      `\nTime per project (first suite's start to last suite's end):\n${lines.join('\n')}\n` +
        `  ${'run'.padEnd(10)} ${seconds(Date.now() - this.started).padStart(8)}\n`,
    );
  }

  getLastError() {
    return undefined;
  }
}
