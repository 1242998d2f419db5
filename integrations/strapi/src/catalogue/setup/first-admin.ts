import type { Core } from "@strapi/strapi"

export interface FirstAdmin {
  email: string
  password: string
  firstname?: string
}

/** The first admin from ADMIN_EMAIL and ADMIN_PASSWORD; undefined unless both are set. */
export function firstAdminFromEnv(env: NodeJS.ProcessEnv): FirstAdmin | undefined {
  const email = env.ADMIN_EMAIL?.trim()
  const password = env.ADMIN_PASSWORD
  if (!email || !password) return undefined
  return { email, password, firstname: env.ADMIN_FIRSTNAME?.trim() || "Editor" }
}

/** Strapi's own rule for an admin's password (`strapi admin:create-user`): 8 or more, a lower, an upper and a digit. */
export function isStrongEnough(password: string): boolean {
  return password.length >= 8 && /[a-z]/.test(password) && /[A-Z]/.test(password) && /\d/.test(password)
}

/**
 * The super admin an editor signs in with, made without a browser: what the
 * admin panel's first-visit registration form does (createFirstAdmin, which
 * refuses once any admin exists), so a later run or a second process never
 * adds another nor changes a password someone has since changed.
 */
export async function ensureFirstAdmin(strapi: Core.Strapi, admin: FirstAdmin): Promise<"created" | "exists"> {
  const users = strapi.service("admin::user")
  if (await users.exists()) return "exists"
  if (!isStrongEnough(admin.password)) {
    throw new Error("ADMIN_PASSWORD needs 8 characters or more, with a lowercase letter, an uppercase letter and a digit")
  }
  await users.createFirstAdmin({ email: admin.email.toLowerCase(), password: admin.password, firstname: admin.firstname ?? "Editor" })
  return "created"
}
