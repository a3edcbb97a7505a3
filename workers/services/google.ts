import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JSONWebKeySet,
} from "jose";
import { ApiError } from "./errors";

const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
const GOOGLE_JWKS_URL = "https://www.googleapis.com/oauth2/v3/certs";

export interface GoogleConfig {
  clientId: string | null;
  /** Where Google's signing keys are published. */
  jwksUrl: string;
  /** An inline key set (JSON) used instead of the address: local development and tests. */
  jwksJson?: string;
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  picture: string | null;
}

// The remote key set caches keys between requests of one isolate; building it per request would refetch.
const remoteKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

function keySet(config: GoogleConfig) {
  if (config.jwksJson)
    return createLocalJWKSet(JSON.parse(config.jwksJson) as JSONWebKeySet);
  let remote = remoteKeySets.get(config.jwksUrl);
  if (!remote) {
    remote = createRemoteJWKSet(new URL(config.jwksUrl));
    remoteKeySets.set(config.jwksUrl, remote);
  }
  return remote;
}

const invalidToken = () =>
  new ApiError(
    401,
    "invalid_google_token",
    "Google sign-in failed. Please try again.",
  );

/** Checks a Google ID token: signature against the key set, issuer, audience (our client id) and expiry. */
export async function verifyGoogleIdToken(
  credential: string,
  config: GoogleConfig,
): Promise<GoogleIdentity> {
  if (!config.clientId)
    throw new ApiError(
      404,
      "google_disabled",
      "Google sign-in is not available",
    );
  try {
    const { payload } = await jwtVerify(credential, keySet(config), {
      issuer: GOOGLE_ISSUERS,
      audience: config.clientId,
      algorithms: ["RS256"],
    });
    const email =
      typeof payload.email === "string" ? payload.email.toLowerCase() : null;
    if (!payload.sub || !email || payload.email_verified !== true)
      throw invalidToken();
    const name =
      typeof payload.name === "string" && payload.name.trim()
        ? payload.name.trim()
        : email.split("@")[0];
    return {
      sub: payload.sub,
      email,
      name,
      picture: typeof payload.picture === "string" ? payload.picture : null,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof errors.JOSEError) throw invalidToken();
    throw error;
  }
}

export function googleConfigFrom(env: Env): GoogleConfig {
  return {
    clientId: env.GOOGLE_CLIENT_ID || null,
    jwksUrl: env.GOOGLE_JWKS_URL || GOOGLE_JWKS_URL,
    jwksJson: env.GOOGLE_JWKS || undefined,
  };
}
