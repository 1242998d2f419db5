/** What My list says of "Continue on another device" before any of its code is loaded. */
export const ANOTHER_DEVICE_TEXTS = {
  open: "Continue on another device",
  notLoaded: "This needs a connection the first time: try again once you are online.",
  noScript: "A link from “Continue on another device” needs JavaScript too, to add its list here.",
} as const
