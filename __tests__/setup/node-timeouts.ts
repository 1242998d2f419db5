// The node project runs beside two browser files' builds and Chromiums in CI, on 2 cores: a test that
// starts a server or a process has taken over Jest's 5 s default there (waitForHttp, CI at stop 42).
// Each test that waits still has its own deadline and message; this is only the outer bound.
jest.setTimeout(20_000)
