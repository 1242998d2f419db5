import { spawnSync } from "node:child_process"
import crypto from "node:crypto"
import fs from "node:fs"
import net, { type AddressInfo } from "node:net"
import os from "node:os"
import path from "node:path"
import tls from "node:tls"

/**
 * A throwaway self-signed certificate for `hostName`, made by the openssl
 * command (node cannot write certificates itself), valid two days. For a
 * test's browser told to trust this one key (`spkiHashOf`, Chromium's
 * `--ignore-certificate-errors-spki-list`) or any certificate
 * (`ignoreHTTPSErrors`): it proves nothing and is never written to the project.
 */
export function selfSignedCertificate(hostName: string): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "player-tls-"))
  try {
    const [keyFile, certFile] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")]
    const made = spawnSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"].concat([
        "-subj",
        `/CN=${hostName}`,
        "-addext",
        `subjectAltName=DNS:${hostName}`,
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ]),
      { encoding: "utf8" },
    )
    if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.error?.message ?? made.stderr}`)
    return { key: fs.readFileSync(keyFile, "utf8"), cert: fs.readFileSync(certFile, "utf8") }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The base64 SHA-256 of a certificate's (PEM or DER) SubjectPublicKeyInfo, as Chromium's SPKI allow-list names it. */
export function spkiHashOf(certificate: string | Buffer): string {
  const spki = new crypto.X509Certificate(certificate).publicKey.export({ type: "spki", format: "der" })
  return crypto.createHash("sha256").update(spki).digest("base64")
}

export interface TlsFront {
  /** The loopback port the front listens on: map the player's host name to 127.0.0.1:{port}. */
  port: number
  /** Base64 SHA-256 of its certificate's public key: Chromium's `--ignore-certificate-errors-spki-list` trusts exactly it. */
  spkiHash: string
  close(): Promise<void>
}

/**
 * HTTPS in front of a plain HTTP server on loopback, for a host name
 * browsers only reach over HTTPS: Chromium's HSTS preload list holds
 * vimeo.com, so http://player.vimeo.com is upgraded before any request
 * leaves. It ends TLS with a self-signed certificate for `hostName` and
 * passes the bytes on unchanged, so the server sees the Host the browser sent.
 * Listens on 127.0.0.1:`listenPort` (0: any free port).
 */
export async function startTlsFront(hostName: string, targetPort: number, listenPort = 0): Promise<TlsFront> {
  const sockets = new Set<net.Socket>()
  const certificate = selfSignedCertificate(hostName)
  const server = tls.createServer(certificate, (client) => {
    const upstream = net.connect(targetPort, "127.0.0.1")
    const end = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on("error", end).on("close", end)
    }
    client.pipe(upstream).pipe(client)
  })
  // A failed handshake (a client that gives up) is no reason to stop the front.
  server.on("tlsClientError", () => undefined)
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(listenPort, "127.0.0.1", resolve))
  return {
    port: (server.address() as AddressInfo).port,
    spkiHash: spkiHashOf(certificate.cert),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
