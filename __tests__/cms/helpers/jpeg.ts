/**
 * Asserts a response is a JPEG by its header and its first bytes. Reading the
 * body also lets the server finish the response, so it can close promptly.
 */
export async function expectJpeg(response: Response): Promise<void> {
  expect(response.status).toBe(200)
  expect(response.headers.get("content-type")).toBe("image/jpeg")
  expect([...new Uint8Array(await response.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8])
}
