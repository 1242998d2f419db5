/**
 * The player page's own script, served inline (player-page.ts) under a CSP
 * that allows this text's hash and nothing else: it is the same on every
 * page, and the page's values (duration, video id) come from data-
 * attributes, never from this text.
 *
 * It plays a simulated clock (there is no media file) and speaks the video
 * host's postMessage protocol as its SDK (@vimeo/player) expects it: the
 * parent sends `{method, value?}` (or the same as a JSON string); the player
 * answers `{method, value?}`, sends `{event: "ready"}` on load and
 * `{event, data: {seconds, percent, duration}}` for the events the parent
 * registered with addEventListener; an unknown method answers
 * `{event: "error", data: {method, name, message}}`. Like the host's own
 * player it posts to "*": the SDK checks the sender's origin, not the player.
 */
export const PLAYER_PAGE_SCRIPT = String.raw`
(() => {
  "use strict"
  const stage = document.getElementById("player")
  const button = document.getElementById("play")
  const seek = document.getElementById("seek")
  const readout = document.getElementById("time")
  const bar = document.getElementById("progress")
  const duration = Number(stage.dataset.duration)
  const videoId = Number(stage.dataset.videoId)
  // How often timeupdate is sent while playing, as the host's player does (about 4 a second).
  const TICK_MS = 250

  // The clock: at position seconds while paused; while playing, position plus the time since startedAt.
  const clock = { position: 0, startedAt: null, ended: false, ticker: 0 }
  // The events the parent asked for; "ready" is sent regardless, as by the host's player.
  const listeners = new Set()

  const playing = () => clock.startedAt !== null
  const rounded = (value, places) => Number(value.toFixed(places))
  const currentTime = () =>
    playing() ? Math.min(duration, clock.position + (performance.now() - clock.startedAt) / 1000) : clock.position

  /** 1:23, or 1:02:03 past an hour. */
  function clockText(seconds) {
    const whole = Math.floor(seconds)
    const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60]
    const pad = (n) => String(n).padStart(2, "0")
    return h > 0 ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s)
  }

  // The controls follow the clock; nothing animates between ticks (reduced motion or not).
  function render() {
    const seconds = currentTime()
    button.textContent = playing() ? "Pause" : "Play"
    seek.value = String(Math.floor(seconds))
    seek.setAttribute("aria-valuetext", clockText(seconds) + " of " + clockText(duration))
    readout.textContent = clockText(seconds) + " / " + clockText(duration)
    bar.style.transform = "scaleX(" + (duration > 0 ? seconds / duration : 0) + ")"
  }

  // Not framed, window.parent is the page itself: nobody to tell.
  const post = (message) => parent !== window && parent.postMessage(message, "*")

  // at: the position the event happened at, when the clock may have moved on since.
  function emit(name, at) {
    if (!listeners.has(name)) return
    const seconds = rounded(at === undefined ? currentTime() : at, 3)
    post({ event: name, data: { seconds, percent: duration > 0 ? rounded(seconds / duration, 4) : 0, duration } })
  }

  // Freezes the clock where it stands.
  function stop() {
    clock.position = currentTime()
    clock.startedAt = null
    clearInterval(clock.ticker)
  }

  // The end: stopped there, paused, as a video element ends (timeupdate, pause, ended).
  function finish() {
    stop()
    clock.position = duration
    clock.ended = true
    emit("timeupdate")
    emit("pause")
    emit("ended")
    render()
  }

  function tick() {
    if (currentTime() >= duration) return finish()
    emit("timeupdate")
    render()
  }

  function play() {
    if (playing()) return
    // Played again from the end, a video starts over.
    if (clock.ended || clock.position >= duration) clock.position = 0
    clock.ended = false
    clock.startedAt = performance.now()
    clock.ticker = setInterval(tick, TICK_MS)
    // Where it started: on a busy machine the clock can be milliseconds on already.
    emit("play", clock.position)
    render()
  }

  function pause() {
    if (!playing()) return
    stop()
    emit("pause")
    render()
  }

  /** Moves the clock to seconds, clamped to the video; answers where it went. */
  function seekTo(seconds) {
    clock.position = Math.min(duration, Math.max(0, seconds))
    clock.ended = false
    if (playing()) clock.startedAt = performance.now()
    emit("seeked")
    emit("timeupdate")
    render()
    return clock.position
  }

  function secondsOf(value) {
    const seconds = Number(value)
    if (typeof value === "boolean" || value === null || value === "" || !Number.isFinite(seconds)) {
      throw new TypeError("The time must be a number of seconds.")
    }
    return seconds
  }

  // The methods the site uses (and the two the SDK itself calls on a player.vimeo.com embed when it is ready).
  const methods = {
    ping: () => undefined,
    addEventListener: (name) => void listeners.add(String(name)),
    removeEventListener: (name) => void listeners.delete(String(name)),
    play: () => void play(),
    pause: () => void pause(),
    getDuration: () => duration,
    getCurrentTime: () => rounded(currentTime(), 3),
    getPaused: () => !playing(),
    getEnded: () => clock.ended,
    setCurrentTime: (value) => seekTo(secondsOf(value)),
    getVideoId: () => videoId,
    appendVideoMetadata: () => undefined,
  }

  function fail(method, name, message) {
    post({ event: "error", data: { method, name, message } })
  }

  function answer(method, value) {
    if (!Object.prototype.hasOwnProperty.call(methods, method)) {
      return fail(method, "TypeError", "The method " + JSON.stringify(method) + " is not supported by this player.")
    }
    let result
    try {
      result = methods[method](value)
    } catch (error) {
      return fail(method, error.name, error.message)
    }
    post(result === undefined ? { method } : { method, value: result })
  }

  addEventListener("message", (event) => {
    // Only the page that embeds the player drives it.
    if (parent === window || event.source !== parent) return
    let data = event.data
    if (typeof data === "string") {
      try {
        data = JSON.parse(data)
      } catch {
        return
      }
    }
    if (data && typeof data.method === "string") answer(data.method, data.value)
  })

  // Where to start: the host's #t=123s (or #t=2m3s, #t=1h2m3s) fragment, clamped to the video.
  function startTime() {
    const t = new URLSearchParams(location.hash.slice(1)).get("t") || ""
    const parts = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+(?:\.\d+)?)s?)?$/.exec(t)
    if (!parts) return 0
    const [, h = "0", m = "0", s = "0"] = parts
    return Math.min(duration, Number(h) * 3600 + Number(m) * 60 + Number(s))
  }

  button.addEventListener("click", () => (playing() ? pause() : play()))
  seek.addEventListener("input", () => seekTo(Number(seek.value)))
  clock.position = startTime()
  render()
  post({ event: "ready" })
  if (new URLSearchParams(location.search).get("autoplay") === "1") play()
})()
`
