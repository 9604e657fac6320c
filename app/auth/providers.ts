import type { Config } from "~/config.server";

export type ThirdPartyProvider = { id: "google" | "oidc"; origin: string };

/** Which provider stands behind the "Google" button, if any (spec §2; architecture §4):
 * Google when its keys are set, else a generic OpenID Connect provider. */
export function thirdPartyProvider(config: Config): ThirdPartyProvider | undefined {
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    return { id: "google", origin: "https://accounts.google.com" };
  }
  if (config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET) {
    return { id: "oidc", origin: new URL(config.OIDC_ISSUER).origin };
  }
  return undefined;
}
