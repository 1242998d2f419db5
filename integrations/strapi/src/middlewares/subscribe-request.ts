import { subscribeRequestGuard } from "../catalogue/subscribe/request-guard"

/** global::subscribe-request (config/middlewares.ts): what POST /api/subscribe takes before its body is read. */
export default () => subscribeRequestGuard()
