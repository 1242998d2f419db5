import { createHash, createHmac } from "node:crypto"
import { CLOUDFRONT_MAX_FILE_PATHS, cloudfrontAdapter, signV4 } from "../../../../publisher/src/cdn/adapters/cloudfront"
import { fakeFetch, manyPaths, RecordedCall } from "./fake-fetch"

// Checked against CloudFront's documented CreateInvalidation
// (https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_CreateInvalidation.html)
// and its invalidation quotas, and the hand-written SigV4 against AWS's
// published SigV4 test suite.

const DISTRIBUTION = "EDFDVBD6EXAMPLE"
const URL = `https://cloudfront.amazonaws.com/2020-05-31/distribution/${DISTRIBUTION}/invalidation`
const CREDENTIALS = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY" }
const AT = new Date("2024-01-02T03:04:05.678Z")
const created = () => new Response("<Invalidation/>", { status: 201, headers: { "Content-Type": "text/xml" } })

function adapter(fetch: Parameters<typeof cloudfrontAdapter>[0]["fetch"], extra: { sessionToken?: string } = {}) {
  let n = 0
  return cloudfrontAdapter({ distributionId: DISTRIBUTION, ...CREDENTIALS, ...extra, fetch, now: () => AT, callerReference: () => `ref-${++n}` })
}

function batch(paths: string[], reference: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><InvalidationBatch xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/">` +
    `<Paths><Quantity>${paths.length}</Quantity><Items>${paths.map((p) => `<Path>${p}</Path>`).join("")}</Items></Paths>` +
    `<CallerReference>${reference}</CallerReference></InvalidationBatch>`
  )
}

/** The paths a recorded CreateInvalidation names, and its declared Quantity. */
function invalidated(call: RecordedCall | undefined): { quantity: number; paths: string[] } {
  const body = call?.body ?? ""
  return { quantity: Number(/<Quantity>(\d+)<\/Quantity>/.exec(body)?.[1]), paths: [...body.matchAll(/<Path>([^<]*)<\/Path>/g)].map((m) => m[1] ?? "") }
}

/**
 * The SigV4 signature recomputed here, step by step from AWS's description,
 * over a canonical request written out literally: it shares no code with
 * the adapter's signer.
 */
function expectedSignature(canonicalRequest: string, secret: string, day: string, amzDate: string): string {
  const sha = (s: string) => createHash("sha256").update(s).digest("hex")
  const kDate = createHmac("sha256", `AWS4${secret}`).update(day).digest()
  const kRegion = createHmac("sha256", kDate).update("us-east-1").digest()
  const kService = createHmac("sha256", kRegion).update("cloudfront").digest()
  const kSigning = createHmac("sha256", kService).update("aws4_request").digest()
  const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${day}/us-east-1/cloudfront/aws4_request\n${sha(canonicalRequest)}`
  return createHmac("sha256", kSigning).update(stringToSign).digest("hex")
}

describe("signV4 against AWS's SigV4 test suite", () => {
  // Vectors from the AWS Signature Version 4 test suite, as kept in
  // aws/aws-sdk-js-v3 packages/signature-v4/src/suite.fixture.ts and
  // awslabs/aws-c-auth tests/aws-signing-test-suite/v4/: the suite's own
  // example credentials, region, service and date.
  const suite = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" }
  const scope = { region: "us-east-1", service: "service" }
  const when = new Date("2015-08-30T12:36:00Z")
  const credential = "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request"

  it.each([
    ["get-vanilla", "GET", {}, "", "host;x-amz-date", "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"],
    ["post-vanilla", "POST", {}, "", "host;x-amz-date", "5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b"],
    [
      "post-x-www-form-urlencoded",
      "POST",
      { "Content-Type": "application/x-www-form-urlencoded" },
      "Param1=value1",
      "content-type;host;x-amz-date",
      "ff11897932ad3f4e8b18135d722051e5ac45fc38421b1da7b9d196a0fe09473a",
    ],
    // Header values are trimmed and inner runs of spaces folded before signing.
    [
      "get-header-value-trim",
      "GET",
      { "My-Header1": " value1", "My-Header2": '"a   b   c"' },
      "",
      "host;my-header1;my-header2;x-amz-date",
      "acc3ed3afb60bb290fc8d2dd0098b9911fcaa05412b367055dee359757a9c736",
    ],
  ])("%s", (_name, method, headers, body, signedHeaders, signature) => {
    const sent = signV4({ method, url: "https://example.amazonaws.com/", headers, body }, suite, scope, when)
    expect(sent.Authorization).toBe(`${credential}, SignedHeaders=${signedHeaders}, Signature=${signature}`)
    expect(sent["X-Amz-Date"]).toBe("20150830T123600Z")
  })

  it("post-sts-header-before: a session token is sent and signed", () => {
    const token =
      "AQoDYXdzEPT//////////wEXAMPLEtc764bNrC9SAPBSM22wDOk4x4HIZ8j4FZTwdQWLWsKWHGBuFqwAeMicRXmxfpSPfIeoIYRqTflfKD8YUuwthAx7mSEI/qkPpKPi/kMcGdQrmGdeehM4IC1NtBmUpp2wUE8phUZampKsburEDy0KPkyQDYwT7WZ0wq5VSXDvp75YU9HFvlRd8Tx6q6fE8YQcHNVXAkiY9q6d+xo0rKwT38xVqr7ZD0u0iPPkUL64lIZbqBAz+scqKmlzm8FDrypNC9Yjc8fPOLn9FX9KSYvKTr4rvx3iSIlTJabIQwj2ICCR/oLxBA=="
    const sent = signV4({ method: "POST", url: "https://example.amazonaws.com/", headers: {}, body: "" }, { ...suite, sessionToken: token }, scope, when)
    expect(sent["X-Amz-Security-Token"]).toBe(token)
    expect(sent.Authorization).toBe(`${credential}, SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=85d96828115b5dc0cfc3bd16ad9e210dd772bbebba041836c64533a82be05ead`)
  })

  it("refuses a URL whose canonical form it does not compute (a query, an encoded path)", () => {
    for (const url of ["https://example.amazonaws.com/?a=1", "https://example.amazonaws.com/a%20b"]) {
      expect(() => signV4({ method: "GET", url, headers: {}, body: "" }, suite, scope, when)).toThrow(/signV4/)
    }
  })
})

describe("cloudfrontAdapter", () => {
  it("invalidates paths with one signed CreateInvalidation: URL, XML body, and a SigV4 Authorization for cloudfront in us-east-1", async () => {
    const { fetch, calls } = fakeFetch(created)
    await adapter(fetch).purge({ keys: ["/series/1/", "/"], paths: ["/series/1/", "/"], all: false })
    expect(calls).toHaveLength(1)
    const [call] = calls
    expect(call?.url).toBe(URL)
    expect(call?.method).toBe("POST")
    expect(call?.body).toBe(batch(["/series/1/", "/"], "ref-1"))
    expect(call?.headers.get("Content-Type")).toBe("application/xml")
    expect(call?.headers.get("X-Amz-Date")).toBe("20240102T030405Z")
    // fetch sends Host from the URL; the adapter must not send a different one.
    expect(call?.headers.has("Host")).toBe(false)
    expect(call?.headers.has("X-Amz-Security-Token")).toBe(false)

    const canonicalRequest = [
      "POST",
      `/2020-05-31/distribution/${DISTRIBUTION}/invalidation`,
      "",
      "content-type:application/xml",
      "host:cloudfront.amazonaws.com",
      "x-amz-date:20240102T030405Z",
      "",
      "content-type;host;x-amz-date",
      createHash("sha256")
        .update(call?.body ?? "")
        .digest("hex"),
    ].join("\n")
    const signature = expectedSignature(canonicalRequest, CREDENTIALS.secretAccessKey, "20240102", "20240102T030405Z")
    expect(call?.headers.get("Authorization")).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20240102/us-east-1/cloudfront/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=${signature}`,
    )
  })

  it("sends and signs the session token of temporary credentials", async () => {
    const { fetch, calls } = fakeFetch(created)
    await adapter(fetch, { sessionToken: "FwoGZXIvYXdzEXAMPLE" }).purge({ keys: [], paths: ["/a/"], all: false })
    expect(calls[0]?.headers.get("X-Amz-Security-Token")).toBe("FwoGZXIvYXdzEXAMPLE")
    expect(calls[0]?.headers.get("Authorization")).toContain("SignedHeaders=content-type;host;x-amz-date;x-amz-security-token,")
  })

  it("escapes paths for XML, so a path cannot break out of its <Path>", async () => {
    const { fetch, calls } = fakeFetch(created)
    await adapter(fetch).purge({ keys: [], paths: [`/a&b/<c>/"d'/`], all: false })
    expect(calls[0]?.body).toContain("<Path>/a&amp;b/&lt;c&gt;/&quot;d&apos;/</Path>")
    expect(invalidated(calls[0])).toEqual({ quantity: 1, paths: ["/a&amp;b/&lt;c&gt;/&quot;d&apos;/"] })
  })

  it("invalidates everything as the one wildcard path /*", async () => {
    const { fetch, calls } = fakeFetch(created)
    await adapter(fetch).purge({ keys: [], paths: [], all: true })
    expect(calls).toHaveLength(1)
    expect(calls[0]?.body).toBe(batch(["/*"], "ref-1"))
  })

  it("sends up to 3,000 paths as they are, but more as /*: the quota counts in-progress paths, so a second batch would be refused", async () => {
    expect(CLOUDFRONT_MAX_FILE_PATHS).toBe(3000)
    const { fetch, calls } = fakeFetch(created)
    const cloudfront = adapter(fetch)
    const limit = manyPaths(3000)
    await cloudfront.purge({ keys: limit, paths: limit, all: false })
    await cloudfront.purge({ keys: [], paths: manyPaths(3001), all: false })
    expect(calls).toHaveLength(2)
    expect(invalidated(calls[0])).toEqual({ quantity: 3000, paths: limit })
    expect(invalidated(calls[1])).toEqual({ quantity: 1, paths: ["/*"] })
  })

  it("names each invalidation with a new CallerReference, as CloudFront requires", async () => {
    const { fetch, calls } = fakeFetch(created)
    const cloudfront = adapter(fetch)
    await cloudfront.purge({ keys: [], paths: ["/a/"], all: false })
    await cloudfront.purge({ keys: [], paths: ["/a/"], all: false })
    expect(calls.map((call) => /<CallerReference>(.*)<\/CallerReference>/.exec(call.body ?? "")?.[1])).toEqual(["ref-1", "ref-2"])
  })

  it("makes no request when there are no paths (CloudFront ignores keys)", async () => {
    const { fetch, calls } = fakeFetch(created)
    await adapter(fetch).purge({ keys: ["site"], paths: [], all: false })
    expect(calls).toHaveLength(0)
  })

  it("rejects, naming CloudFront, the status and AWS's error code and message, when CloudFront refuses", async () => {
    const error =
      `<?xml version="1.0"?>\n<ErrorResponse xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><Error><Type>Sender</Type>` +
      `<Code>TooManyInvalidationsInProgress</Code><Message>Processing your request will cause you to exceed the maximum number of in-progress wildcard invalidations.</Message>` +
      `</Error><RequestId>4b5f3a6c-EXAMPLE</RequestId></ErrorResponse>`
    const { fetch } = fakeFetch(() => new Response(error, { status: 400, headers: { "Content-Type": "text/xml" } }))
    await expect(adapter(fetch).purge({ keys: [], paths: [], all: true })).rejects.toThrow(
      /^cloudfront refused invalidating everything \(\/\*\): HTTP 400 TooManyInvalidationsInProgress: Processing your request/,
    )
    const denied = fakeFetch(() => new Response("", { status: 403 }))
    await expect(adapter(denied.fetch).purge({ keys: [], paths: ["/a/"], all: false })).rejects.toThrow(/^cloudfront refused invalidating 1 paths: HTTP 403$/)
  })

  it("refuses a distribution id that is not letters and digits, before any request", () => {
    expect(() => cloudfrontAdapter({ distributionId: "E1/../x", ...CREDENTIALS })).toThrow(/cloudfront: distribution id/)
  })
})
