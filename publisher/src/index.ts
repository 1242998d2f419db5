// What other programs (scripts/start.ts, the benchmark, tests) use of the publisher.
export { startPublisher, type Publisher, type StartOptions } from "./process/start-publisher"
export { readConfig, ConfigError, DEFAULTS, type PublisherConfig, type BuildCommand } from "./config"
export { rollback, RollbackError } from "./releases/rollback"
export { WEBHOOK_PATH } from "./http/routes/webhook"
export { ROLLBACK_PATH } from "./http/routes/rollback"
export { STATUS_PATH } from "./http/routes/status"
export { STATUS_PAGE_PATH } from "./http/status-page"
export type { StatusReport, JobView } from "./http/status"
