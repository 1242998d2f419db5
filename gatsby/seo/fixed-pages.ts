import { subscribeOutcomePath, type SubscribeFormOutcome } from "../../contract/subscribe-form"
import { MY_LIST_TITLE, NOT_FOUND_TEXT, THANK_YOU_TEXT, THANK_YOU_TITLE } from "../../src/texts/fixed-pages"
import { SUBSCRIBE_OUTCOME_TEXTS } from "../../src/texts/subscribe-outcome"
import type { PageSeoInput } from "./resolve-page-seo"

type FixedPage = Pick<PageSeoInput, "kind" | "title" | "description" | "listable" | "canonicalPath">

/** The Subscribe outcome pages' search descriptions (70–160 characters; the pages' own texts are shorter). */
const SUBSCRIBE_OUTCOME_DESCRIPTIONS: Record<keyof typeof SUBSCRIBE_OUTCOME_TEXTS, string> = {
  "invalid-address": "The address sent to our mailing list does not look like an email address, so nothing was stored: check it and send the form again.",
  "not-subscribed": "The mailing list did not take the address sent to it, so you are not subscribed: you can send the Subscribe form again later.",
  "too-many": "Too many sign-ups came from your network just now, so the address was not sent to the mailing list: please try again in a few minutes.",
  unavailable: "The mailing list could not take the address just now because of an error on our side, so nothing was stored: please try again.",
}

/**
 * The pages under src/pages, by the path Gatsby gives them. None but the home
 * page is listed in the sitemap: a thank-you note, an empty search and an
 * error page are nothing to find by search.
 */
const FIXED_PAGES: Record<string, FixedPage> = {
  // The site name alone, and the site's default description.
  "/": { kind: "home", title: null, description: null, listable: true },
  // Every `?q=` address names the bare page, so crawlers keep one copy. It is
  // not noindex: Lighthouse's SEO audit fails any noindex page.
  "/search-results/": {
    kind: "search",
    title: "Search Results",
    description: "Search the fitness, dance and entertainment catalogue for workouts, dance classes and shows to watch.",
    listable: false,
  },
  // Each visitor's own list, drawn from their browser's storage: the same empty frame for every crawler.
  "/my-list/": {
    kind: "my-list",
    title: MY_LIST_TITLE,
    description: "The series you saved to watch later: your own list, kept in this browser only and never sent anywhere.",
    listable: false,
  },
  "/thank-you/": { kind: "thank-you", title: THANK_YOU_TITLE, description: THANK_YOU_TEXT, listable: false },
  // Where the Subscribe form without JavaScript lands when it was not taken (templates/subscribe-outcome.tsx).
  ...Object.fromEntries(
    Object.entries(SUBSCRIBE_OUTCOME_TEXTS).map(([outcome, { title }]) => [
      subscribeOutcomePath(outcome as SubscribeFormOutcome),
      { kind: "subscribe-outcome", title, description: SUBSCRIBE_OUTCOME_DESCRIPTIONS[outcome as keyof typeof SUBSCRIBE_OUTCOME_TEXTS], listable: false } satisfies FixedPage,
    ]),
  ),
  // Shown at any unknown address, with status 404: it has no address of its own to name.
  "/404/": { kind: "not-found", title: "Page not found", description: NOT_FOUND_TEXT, listable: false, canonicalPath: null },
  "/404.html": { kind: "not-found", title: "Page not found", description: NOT_FOUND_TEXT, listable: false, canonicalPath: null },
}

/** The SEO input of a page under src/pages; undefined for one Gatsby made for itself (the develop 404). */
export function fixedPageSeoInput(path: string, updatedAt: string | null): PageSeoInput | undefined {
  const page = FIXED_PAGES[path]
  return page && seoInput(path, page, updatedAt)
}

/** The SEO input of every page under src/pages, each given its head in createPages. */
export function fixedPageSeoInputs(updatedAt: string | null): PageSeoInput[] {
  return Object.entries(FIXED_PAGES).map(([path, page]) => seoInput(path, page, updatedAt))
}

function seoInput(path: string, page: FixedPage, updatedAt: string | null): PageSeoInput {
  return {
    ...page,
    path,
    entity: null,
    seo: null,
    image: null,
    breadcrumbs: [],
    updatedAt: page.kind === "home" ? updatedAt : null,
  }
}
