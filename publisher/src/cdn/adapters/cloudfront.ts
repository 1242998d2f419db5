/**
 * Amazon CloudFront: has no cache tags, so it invalidates the release's URL
 * paths with CreateInvalidation, signed by hand with AWS Signature Version 4
 * (node:crypto; no AWS SDK for one request).
 *
 * Documented shape:
 * - CreateInvalidation
 *   (https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_CreateInvalidation.html):
 *   `POST https://cloudfront.amazonaws.com/2020-05-31/distribution/{DistributionId}/invalidation`
 *   with an XML `InvalidationBatch` (`Paths` with `Quantity` and `Items/Path`,
 *   and a `CallerReference` unique to each new invalidation); 201 on success.
 *   The elements go in the order of the API model (Paths, then
 *   CallerReference; Quantity, then Items), which is what AWS's SDKs send.
 * - auth: SigV4 (https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html)
 *   with service `cloudfront` and region `us-east-1`, CloudFront's one
 *   global endpoint; temporary credentials add `X-Amz-Security-Token`.
 * - limits (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/InvalidationLimits.html,
 *   and "Quotas on invalidations" in .../cloudfront-limits.html): at most
 *   3,000 file paths in *in-progress* invalidations per distribution at one
 *   time, and at most 15 in-progress wildcard paths. Both count what is still
 *   running, not one request: a second 3,000-path batch sent straight after
 *   the first would be refused (TooManyInvalidationsInProgress). So a release
 *   of more than 3,000 paths is sent as the single wildcard `/*` instead, as
 *   is `all`. Even a smaller one is refused while earlier invalidations still
 *   hold the quota; that refusal is thrown like any other, for the caller to
 *   retry later.
 *
 * Unit-tested against these documented request shapes, and the signer
 * against AWS's published SigV4 test-suite vectors, only
 * (__tests__/publisher/cdn/adapters/cloudfront.test.ts); not exercised
 * against the live CloudFront API here.
 */
import { createHash, createHmac, randomUUID } from "node:crypto"
import { CdnAdapter, Fetch, NO_REDIRECTS, PurgeRequest, refuseRedirect } from "../purge-request"

const ENDPOINT = "https://cloudfront.amazonaws.com/2020-05-31"
const XML_NAMESPACE = "http://cloudfront.amazonaws.com/doc/2020-05-31/"
/** Documented maximum of file paths in a distribution's in-progress invalidations. */
export const CLOUDFRONT_MAX_FILE_PATHS = 3000
/** One wildcard path: everything the distribution caches, counted once against the wildcard quota of 15. */
export const CLOUDFRONT_EVERYTHING = "/*"

export interface AwsCredentials {
  accessKeyId: string
  secretAccessKey: string
  /** Present for temporary credentials (STS, an instance role); signed as X-Amz-Security-Token. */
  sessionToken?: string
}

export interface CloudfrontOptions extends AwsCredentials {
  distributionId: string
  fetch?: Fetch
  /** The signing clock; injectable so tests can fix it. */
  now?: () => Date
  /** A new value for each invalidation (CloudFront treats a repeated one as the same request). */
  callerReference?: () => string
}

export function cloudfrontAdapter(options: CloudfrontOptions): CdnAdapter {
  // IDs are upper-case letters and digits; holding the URL path to unreserved
  // characters keeps the SigV4 canonical path equal to the path sent.
  if (!/^[A-Za-z0-9]+$/.test(options.distributionId)) throw new Error(`cloudfront: distribution id ${JSON.stringify(options.distributionId)} is not letters and digits`)
  const fetch = options.fetch ?? globalThis.fetch
  const now = options.now ?? (() => new Date())
  const callerReference = options.callerReference ?? (() => randomUUID())
  const url = `${ENDPOINT}/distribution/${options.distributionId}/invalidation`

  return {
    name: "cloudfront",
    async purge(request: PurgeRequest, signal?: AbortSignal): Promise<void> {
      const unique = [...new Set(request.paths)]
      const paths = request.all || unique.length > CLOUDFRONT_MAX_FILE_PATHS ? [CLOUDFRONT_EVERYTHING] : unique
      if (paths.length === 0) return
      signal?.throwIfAborted()
      const body = invalidationBatch(paths, callerReference())
      const headers = signV4({ method: "POST", url, headers: { "Content-Type": "application/xml" }, body }, options, { region: "us-east-1", service: "cloudfront" }, now())
      const response = await fetch(url, { method: "POST", headers, body, signal, ...NO_REDIRECTS })
      const what = paths[0] === CLOUDFRONT_EVERYTHING && paths.length === 1 ? "invalidating everything (/*)" : `invalidating ${paths.length} paths`
      await refuseRedirect("cloudfront", what, response)
      if (!response.ok) throw new Error(`cloudfront refused ${what}: HTTP ${response.status}${await errorSummary(response)}`)
      await response.body?.cancel()
    },
  }
}

/** The CreateInvalidation request body. */
export function invalidationBatch(paths: readonly string[], reference: string): string {
  const items = paths.map((path) => `<Path>${escapeXml(path)}</Path>`).join("")
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<InvalidationBatch xmlns="${XML_NAMESPACE}">` +
    `<Paths><Quantity>${paths.length}</Quantity><Items>${items}</Items></Paths>` +
    `<CallerReference>${escapeXml(reference)}</CallerReference>` +
    `</InvalidationBatch>`
  )
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c)
}

/** CloudFront's XML error, as " Code: Message", or the start of whatever else came back. */
async function errorSummary(response: Response): Promise<string> {
  const text = await response.text().catch(() => "")
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1]
  const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1]
  const summary = code ? `${code}${message ? `: ${message}` : ""}` : text
  const shown = summary.replace(/\s+/g, " ").trim().slice(0, 200)
  return shown ? ` ${shown}` : ""
}

// --- AWS Signature Version 4 ---------------------------------------------

export interface SignableRequest {
  method: string
  /** Absolute URL with no query string, its path only unreserved characters and "/" (all CloudFront needs). */
  url: string
  /** Headers to send and sign, besides host, x-amz-date and x-amz-security-token, which the signer adds. */
  headers: Record<string, string>
  body: string
}

/**
 * Signs `request` with SigV4 and returns the headers to send: the request's
 * own, `X-Amz-Date`, `X-Amz-Security-Token` for temporary credentials, and
 * `Authorization`. `Host` is signed but not returned: fetch sends it from
 * the URL, and cannot be told otherwise.
 */
export function signV4(request: SignableRequest, credentials: AwsCredentials, scope: { region: string; service: string }, at: Date): Record<string, string> {
  const url = new URL(request.url)
  // This signer skips the canonical query and path encoding rules; refuse
  // what it would sign wrongly rather than send a request AWS refuses.
  if (url.search || !/^[A-Za-z0-9\-._~/]*$/.test(url.pathname)) throw new Error(`signV4 signs only plain paths without a query: ${request.url}`)
  const amzDate = at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "")
  const day = amzDate.slice(0, 8)
  const sent: Record<string, string> = { ...request.headers, "X-Amz-Date": amzDate }
  if (credentials.sessionToken) sent["X-Amz-Security-Token"] = credentials.sessionToken

  const signed = new Map<string, string>([["host", url.host]])
  for (const [name, value] of Object.entries(sent)) signed.set(name.toLowerCase(), value.trim().replace(/\s+/g, " "))
  const names = [...signed.keys()].sort()
  const signedHeaders = names.join(";")
  const canonicalRequest = [request.method, url.pathname || "/", "", ...names.map((name) => `${name}:${signed.get(name)}`), "", signedHeaders, sha256Hex(request.body)].join("\n")
  const credentialScope = `${day}/${scope.region}/${scope.service}/aws4_request`
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, credentialScope, sha256Hex(canonicalRequest)].join("\n")
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, day)
  for (const part of [scope.region, scope.service, "aws4_request"]) key = hmac(key, part)
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex")
  sent.Authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${credentialScope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
  return sent
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex")
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest()
}
