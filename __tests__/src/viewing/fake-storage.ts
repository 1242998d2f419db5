/**
 * A Storage in a Map, put in place of the page's localStorage so a test can
 * make the browser refuse writes (a full quota) the way a real one does.
 */
export class FakeStorage implements Storage {
  private readonly items = new Map<string, string>()
  /** When set, every setItem throws it, as a browser over its quota does. */
  refuseWrites: DOMException | undefined

  get length(): number {
    return this.items.size
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string): void {
    if (this.refuseWrites) throw this.refuseWrites
    this.items.set(key, String(value))
  }
  removeItem(key: string): void {
    this.items.delete(key)
  }
  clear(): void {
    this.items.clear()
  }
}

// jsdom's own, put back after each test: its teardown reads localStorage.
const jsdomStorage = Object.getOwnPropertyDescriptor(window, "localStorage")

/** Puts jsdom's own localStorage back. */
export function restoreStorage(): void {
  if (jsdomStorage) Object.defineProperty(window, "localStorage", jsdomStorage)
  else delete (window as { localStorage?: Storage }).localStorage
}

/** Makes `window.localStorage` answer with `storage`, or throw `refusal` as a browser with site data disabled does. */
export function installStorage(storage: Storage | { refusal: DOMException }): void {
  Object.defineProperty(window, "localStorage", {
    configurable: true,
    get() {
      if ("refusal" in storage) throw storage.refusal
      return storage
    },
  })
}

export const quotaExceeded = () => new DOMException("The quota has been exceeded.", "QuotaExceededError")
export const securityError = () => new DOMException("denied", "SecurityError")
