// What other programs (scripts/start.ts, the benchmark, tests) use of the publisher.
export { startPublisher, type Publisher, type PublisherOptions } from "./publisher"
export { readConfig, ConfigError, DEFAULTS, type PublisherConfig, type BuildCommand } from "./config"
export { rollback, RollbackError } from "./rollback"
export { WEBHOOK_PATH } from "./routes/webhook"
export { ROLLBACK_PATH } from "./routes/rollback"
export { STATUS_PATH } from "./routes/status"
export { STATUS_PAGE_PATH } from "./status-page"
export type { StatusReport, JobView } from "./status"
