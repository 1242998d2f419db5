// A cold Chromium start and first page load on a 2-core machine take seconds.
jest.setTimeout(60_000)
