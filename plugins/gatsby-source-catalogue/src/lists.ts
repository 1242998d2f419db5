/** Appends `value` to the list under `key`, making the list: in place, as one key can gather thousands (a picture every episode shows). */
export function addTo<T>(lists: Map<string, T[]>, key: string, value: T): void {
  const list = lists.get(key)
  if (list) list.push(value)
  else lists.set(key, [value])
}
