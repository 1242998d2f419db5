import { handOver } from "../build-steps/hand-over"
import type { SeoOutcome } from "./post-build-outputs"

/** The SEO decisions createPages makes (every page's report row and sitemap entry), for the post-build step that writes them. */
export const seoOutcome = handOver<SeoOutcome>()
