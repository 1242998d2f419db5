const os = require("node:os")

// Gatsby's documented unit-testing setup (babel-jest with babel-preset-gatsby),
// split into projects so Node code, React components and browser tests each
// get their own environment, and only the browser project builds the site.
const transform = { "^.+\\.[jt]sx?$": "<rootDir>/__tests__/setup/jest-preprocess.js" }
const testPathIgnorePatterns = ["node_modules", "\\.cache", "<rootDir>.*/public"]
// The Strapi project is a package of its own (1 500 packages, its compiled dist/ and admin build):
// no project's module map crawls them; a test importing integrations/strapi/src still resolves
// that code's packages from there, as Node does.
const modulePathIgnorePatterns = ["<rootDir>/integrations/strapi/(node_modules|dist|build|\\.strapi|\\.tmp)/"]
// sanitize-html 2.18 requires the ESM-only htmlparser2 12 and its dom* and
// entities packages. Node 24 can require() them; Jest's own module system
// only with --experimental-vm-modules, so Babel makes them CommonJS.
const ESM_ONLY_DEPENDENCIES = "/node_modules/(?!(sanitize-html/node_modules/)?(htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities)/)"

/** @type {import('jest').Config} */
module.exports = {
  // One test file more than the machine has cores (Jest's default is one
  // fewer): the files wait on pages, servers and builds part of their time,
  // and the extra file fills those waits. Each works on its own pages, server
  // or workspace, so they can run side by side (docs/guides/testing.md,
  // "Isolation"; docs/performance.md has the timings).
  maxWorkers: os.availableParallelism() + 1,
  // Each file's tests in a new order every run (the seed is printed, and
  // `--seed=N` replays it): a test that leans on an earlier one's state fails
  // here, not on the day someone reorders the file.
  randomize: true,
  // The node and components files first, while the browser global setup builds the site.
  testSequencer: "<rootDir>/__tests__/setup/sequencer.js",
  projects: [
    {
      displayName: "node",
      testEnvironment: "node",
      transform,
      testPathIgnorePatterns,
      transformIgnorePatterns: [ESM_ONLY_DEPENDENCIES],
      modulePathIgnorePatterns,
      // The Strapi integration's serialisers use marked 18, ESM-only and written with class private
      // methods that Babel's preset does not take; its own UMD build is what Jest's require loads.
      moduleNameMapper: { "^marked$": "<rootDir>/integrations/strapi/node_modules/marked/lib/marked.umd.js" },
      setupFilesAfterEnv: ["<rootDir>/__tests__/setup/node-timeouts.ts", "<rootDir>/__tests__/setup/profile-marks.ts"],
      testMatch: [
        "<rootDir>/__tests__/{cms,conformance,docs,gatsby,helpers,node-kit,plugins,publisher,scripts,src,strapi}/**/*.test.ts",
        "<rootDir>/__tests__/contract/**/*.test.ts",
        "<rootDir>/__tests__/*.test.ts",
      ],
    },
    {
      displayName: "components",
      testEnvironment: "jsdom",
      transform,
      testPathIgnorePatterns,
      modulePathIgnorePatterns,
      // __mocks__/gatsby under roots stands in for the gatsby package. Gatsby's
      // docs also map gatsby-*-utils subpaths to dist/; Jest 30 reads their
      // package "exports" itself, and the mapping would break them.
      roots: ["<rootDir>/__tests__"],
      testMatch: ["<rootDir>/__tests__/src/**/*.test.tsx"],
      moduleNameMapper: {
        ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
        ".+\\.(jpg|jpeg|png|gif|eot|otf|webp|svg|ttf|woff|woff2|mp4|webm|wav|mp3|m4a|aac|oga)$": "<rootDir>/__tests__/setup/file-mock.js",
      },
      transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
      globals: { __PATH_PREFIX__: "" },
      testEnvironmentOptions: { url: "http://localhost" },
      setupFiles: ["<rootDir>/__tests__/setup/loadershim.js"],
      setupFilesAfterEnv: ["<rootDir>/__tests__/setup/jest-dom.ts", "<rootDir>/__tests__/setup/profile-marks.ts"],
    },
    {
      displayName: "browser",
      testEnvironment: "node",
      transform,
      testPathIgnorePatterns,
      modulePathIgnorePatterns,
      testMatch: ["<rootDir>/__tests__/browser/**/*.test.{ts,tsx}"],
      // A component shown on its own (harness/render-component.tsx) gets the
      // components project's stand-ins: __mocks__/gatsby under roots, styles as proxies.
      roots: ["<rootDir>/__tests__"],
      moduleNameMapper: {
        ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
        ".+\\.(jpg|jpeg|png|gif|eot|otf|webp|svg|ttf|woff|woff2|mp4|webm|wav|mp3|m4a|aac|oga)$": "<rootDir>/__tests__/setup/file-mock.js",
      },
      // One reference server, one build and one static server for the whole run.
      globalSetup: "<rootDir>/__tests__/browser/harness/setup/global-setup.ts",
      globalTeardown: "<rootDir>/__tests__/browser/harness/setup/global-teardown.ts",
      setupFilesAfterEnv: [
        "<rootDir>/__tests__/browser/harness/setup/timeouts.ts",
        "<rootDir>/__tests__/browser/harness/setup/site-ready.ts",
        "<rootDir>/__tests__/setup/profile-marks.ts",
      ],
    },
  ],
}
