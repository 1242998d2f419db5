import Player from "@vimeo/player"

/** What the video host's player tells the page as a video plays: seconds in, and its length. */
export interface PlaybackTime {
  seconds: number
  duration: number
}

/** The few player controls and events the site uses, over the host's SDK. */
export interface HostPlayer {
  onTime(listener: (time: PlaybackTime) => void): void
  onPause(listener: (time: PlaybackTime) => void): void
  onEnded(listener: (time: PlaybackTime) => void): void
  seekTo(seconds: number): Promise<void>
  currentTime(): Promise<number>
  /** Stops listening; the iframe itself belongs to React and stays. */
  release(): void
}

type SdkEvent = "timeupdate" | "pause" | "ended"

/**
 * Connects to the host's player in `iframe` through the host's own SDK
 * (`@vimeo/player`). Null when the SDK will not speak to this player: its
 * guard (`isVimeoUrl` in @vimeo/player/src/lib/functions.js) refuses an iframe
 * whose address is not the host's, such as the bundled catalogue's stand-in
 * player under its own address. The video then plays as before, only
 * without memory.
 */
export function connectHostPlayer(iframe: HTMLIFrameElement): HostPlayer | null {
  let player: Player
  try {
    player = new Player(iframe)
  } catch {
    return null
  }
  const listeners: [SdkEvent, (data: PlaybackTime) => void][] = []
  const listen = (event: SdkEvent, listener: (time: PlaybackTime) => void) => {
    const relay = (data: PlaybackTime) => listener({ seconds: data.seconds, duration: data.duration })
    listeners.push([event, relay])
    player.on(event, relay)
  }
  return {
    onTime: (listener) => listen("timeupdate", listener),
    onPause: (listener) => listen("pause", listener),
    onEnded: (listener) => listen("ended", listener),
    seekTo: async (seconds) => {
      await player.setCurrentTime(seconds)
    },
    currentTime: () => player.getCurrentTime(),
    release: () => {
      for (const [event, relay] of listeners) player.off(event, relay)
      // destroy() drops the SDK's window listener, and takes the iframe out of the page if it is
      // still there: only once React has removed it, so React's tree and the page agree.
      if (!iframe.isConnected) void player.destroy().catch(() => undefined)
    },
  }
}
