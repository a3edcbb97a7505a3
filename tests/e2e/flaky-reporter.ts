import type { Reporter, TestCase } from "vitest/node";

/**
 * A browser test that failed and then passed on its second try (vitest.e2e.config.ts `retry`) is listed at the end of
 * the run with the first lines of its first failure (where a timed-out page load names its address), so a test that
 * only passes sometimes is seen and fixed rather than hidden.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const first = testCase.result().errors?.[0]?.message ?? "no message";
    this.flaky.push(
      `  ${testCase.module.relativeModuleId} > ${testCase.fullName}\n    first try: ${first.split("\n").slice(0, 4).join("\n    ")}`,
    );
  }

  onTestRunEnd() {
    if (!this.flaky.length) return;
    process.stdout.write(
      `\nPassed only on a second try (${this.flaky.length}); each failure is a flake to fix:\n${this.flaky.join("\n")}\n`,
    );
  }
}
