export const SHARE_UNSUPPORTED = "Web Share API is not supported in this browser."

/** Shares a title and an address (the current page's unless given) through the Web Share API, or says it cannot. */
export async function sharePage(title: string, url = window.location.href): Promise<void> {
  if (typeof navigator.share !== "function") {
    window.alert(SHARE_UNSUPPORTED)
    return
  }
  try {
    await navigator.share({ title, url })
  } catch (error) {
    // The visitor closing the share sheet is not a failure worth reporting.
    if (!(error instanceof DOMException && error.name === "AbortError")) console.error("Sharing failed:", error)
  }
}
