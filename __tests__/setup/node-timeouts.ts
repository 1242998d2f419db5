// The node project runs beside two browser files' builds and Chromiums in CI, on 2 cores: a test that
// starts a server or a process can take longer than Jest's 5 s default there.
// Each test that waits still has its own deadline and message; this is only the outer bound.
jest.setTimeout(20_000)
