import type { Reporter, TestCase } from 'vitest/node';

declare module 'vitest' {
  interface TaskMeta {
    /** What each page of a failed browser test showed (`describePage`), put there by `useBrowser`. */
    pages?: string[];
  }
}

/**
 * Prints, after vitest's summary, what each failed browser test's pages showed: a CI log is read from its end, where
 * the summary alone says only which wait ran out, not what the page was showing instead.
 */
export default class FailedPagesReporter implements Reporter {
  private readonly failed: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    const pages = testCase.meta().pages;
    if (testCase.result().state === 'failed' && pages?.length)
      this.failed.push(
        `=== ${testCase.module.moduleId.replace(/^.*\/e2e\//, 'e2e/')} > ${testCase.fullName}\n${pages.join('\n')}`,
      );
  }

  onTestRunEnd() {
    if (this.failed.length === 0) return;
    process.stderr.write(`\nWhat the failed browser tests' pages showed:\n\n${this.failed.join('\n\n')}\n`);
  }
}
