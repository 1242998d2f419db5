import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { adminTokenInShell, localSecrets } from "../../../scripts/lib/local-secrets"

let dir: string

beforeEach(() => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "local-secrets-")), ".secrets")
})

afterEach(() => {
  fs.rmSync(path.dirname(dir), { recursive: true, force: true })
})

describe("localSecrets (npm start)", () => {
  it("makes an admin token and a Standard Webhooks secret once, kept for the owner only", () => {
    const first = localSecrets({}, dir)
    expect(first.adminToken.value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(first.webhookSecret.value).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(first.webhookSecret.value.slice("whsec_".length), "base64")).toHaveLength(32)
    for (const file of [first.adminToken.file!, first.webhookSecret.file!]) {
      expect(path.dirname(file)).toBe(dir)
      expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    }
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700)
    const again = localSecrets({}, dir)
    expect(again).toEqual(first)
  })

  it("makes a new secret after its file is deleted", () => {
    const first = localSecrets({}, dir)
    fs.rmSync(first.adminToken.file!)
    const second = localSecrets({}, dir)
    expect(second.adminToken.value).not.toBe(first.adminToken.value)
    expect(second.webhookSecret).toEqual(first.webhookSecret)
  })

  it("takes every secret from the environment over the files, writing nothing", () => {
    const secrets = localSecrets(
      {
        CMS_ADMIN_TOKEN: "from-the-environment",
        PUBLISH_WEBHOOK_SECRET: "whsec_ZnJvbS10aGUtZW52aXJvbm1lbnQh",
        CATALOGUE_PREVIEW_TOKEN: "draft-view-from-the-environment",
        PUBLISHER_PREVIEW_SIGN_IN_TOKEN: "sign-in-from-the-environment",
      },
      dir,
    )
    expect(secrets.adminToken).toEqual({ value: "from-the-environment", file: undefined })
    expect(secrets.webhookSecret).toEqual({ value: "whsec_ZnJvbS10aGUtZW52aXJvbm1lbnQh", file: undefined })
    expect(secrets.previewToken).toEqual({ value: "draft-view-from-the-environment", file: undefined })
    expect(secrets.previewSignInToken).toEqual({ value: "sign-in-from-the-environment", file: undefined })
    expect(fs.existsSync(dir)).toBe(false)
  })

  it("tells a shell where to read the token: its file from the working folder, or the variable", () => {
    const { adminToken } = localSecrets({}, dir)
    expect(adminTokenInShell(adminToken, path.dirname(dir))).toBe("$(cat .secrets/cms-admin-token)")
    expect(adminTokenInShell({ value: "x", file: undefined })).toBe("$CMS_ADMIN_TOKEN")
  })
})
