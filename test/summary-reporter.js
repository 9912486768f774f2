// Prints one plain line for the whole run, alone on its line, so CI and people can read the result
// at a glance: "N passed, N failed" (with ", N skipped" when any were skipped).
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    let line = `${results.numPassedTests} passed, ${failed} failed`;
    if (skipped > 0) line += `, ${skipped} skipped`;
    process.stdout.write(`\n${line}\n`);
  }
}
module.exports = SummaryReporter;
