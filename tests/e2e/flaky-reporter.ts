import type { Reporter, TestCase } from "vitest/node";

/** How much of a first failure's diff is printed: enough for a list of page errors or axe findings. */
const DIFF_LINES = 30;

/**
 * A browser test that failed and then passed on its second try (vitest.e2e.config.ts `retry`) is listed at the end of
 * the run with the first lines of its first failure (where a timed-out page load names its address) and of its diff,
 * so a test that only passes sometimes is seen and fixed rather than hidden.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const error = testCase.result().errors?.[0];
    const lines = (error?.message ?? "no message").split("\n").slice(0, 4);
    // A failed comparison's message names only how many there were ("expected [ …(21) ] to deeply equal []"): what
    // they were is in its diff.
    if (error?.diff)
      lines.push(
        ...error.diff
          .split("\n")
          .slice(0, DIFF_LINES)
          .map((line) => `  ${line}`),
      );
    this.flaky.push(
      `  ${testCase.module.relativeModuleId} > ${testCase.fullName}\n    first try: ${lines.join("\n    ")}`,
    );
  }

  onTestRunEnd() {
    if (!this.flaky.length) return;
    process.stdout.write(
      `\nPassed only on a second try (${this.flaky.length}); each failure is a flake to fix:\n${this.flaky.join("\n")}\n`,
    );
  }
}
