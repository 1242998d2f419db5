// Jest's own order (failed first, then slowest first, from its cache), with
// every browser file after the node and components files: the browser
// files wait for the suite's site, built in the background by the browser
// global setup, and the others run meanwhile (__tests__/browser/harness/setup/global-setup.ts).
const Sequencer = require("@jest/test-sequencer").default

const isBrowser = (test) => test.context.config.displayName?.name === "browser"

class BrowserFilesLast extends Sequencer {
  async sort(tests) {
    const sorted = await super.sort(tests)
    return [...sorted.filter((test) => !isBrowser(test)), ...sorted.filter(isBrowser)]
  }
}

module.exports = BrowserFilesLast
