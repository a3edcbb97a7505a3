/**
 * Web Push on WebCrypto alone (ADR 029): a payload encrypted for one subscription (RFC 8291, in RFC 8188's aes128gcm
 * coding) and the VAPID header that names us to the push service (RFC 8292, an ES256 JWT).
 */

/** The server's VAPID keys: the public one as the browser takes it (uncompressed P-256 point, base64url), the private `d`. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` address the push service may contact about our traffic. */
  subject: string;
}

export interface SubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** One record holds any payload we send (the push services accept 4096 bytes). */
const RECORD_SIZE = 4096;
/** A VAPID token is good for this long (RFC 8292 allows up to a day). */
const VAPID_TOKEN_SECONDS = 12 * 60 * 60;

/** Bytes in an ordinary ArrayBuffer, as WebCrypto takes them. */
export type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();

function base64UrlEncode(bytes: Bytes): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary)
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function base64UrlDecode(text: string): Bytes {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function concat(...parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** HKDF-SHA-256 (extract and expand) of `length` bytes. */
async function hkdf(
  salt: Bytes,
  ikm: Bytes,
  info: Bytes,
  length: number,
): Promise<Bytes> {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, [
    "deriveBits",
  ]);
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "HKDF", hash: "SHA-256", salt, info },
      key,
      length * 8,
    ),
  );
}

/** RFC 8291 §3.4: the input keying material both sides derive from the ECDH secret and the subscription's auth. */
async function webPushKeys(
  ecdhSecret: Bytes,
  authSecret: Bytes,
  userAgentPublic: Bytes,
  serverPublic: Bytes,
  salt: Bytes,
): Promise<{ key: Bytes; nonce: Bytes }> {
  const keyInfo = concat(
    encoder.encode("WebPush: info\0"),
    userAgentPublic,
    serverPublic,
  );
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  return {
    key: await hkdf(
      salt,
      ikm,
      encoder.encode("Content-Encoding: aes128gcm\0"),
      16,
    ),
    nonce: await hkdf(
      salt,
      ikm,
      encoder.encode("Content-Encoding: nonce\0"),
      12,
    ),
  };
}

/**
 * The request body for one subscription: RFC 8188's header (salt, record size, our one-time public key as the key id)
 * and a single record, the payload ending with the last record's delimiter 0x02.
 */
async function encryptPayload(
  payload: Bytes,
  subscription: Pick<SubscriptionKeys, "p256dh" | "auth">,
): Promise<Bytes> {
  const userAgentPublic = base64UrlDecode(subscription.p256dh);
  const authSecret = base64UrlDecode(subscription.auth);
  if (userAgentPublic.length !== 65 || authSecret.length !== 16)
    throw new Error("The subscription's keys have the wrong length");
  if (payload.length + 1 + 16 + 86 > RECORD_SIZE)
    throw new Error("The push payload is too large");
  const ephemeral = await crypto.subtle.generateKey(
    { name: "ECDH", namedCurve: "P-256" },
    true,
    ["deriveBits"],
  );
  const serverPublic = new Uint8Array(
    await crypto.subtle.exportKey("raw", ephemeral.publicKey),
  );
  const userAgentKey = await crypto.subtle.importKey(
    "raw",
    userAgentPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: "ECDH", public: userAgentKey },
      ephemeral.privateKey,
      256,
    ),
  );
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { key, nonce } = await webPushKeys(
    ecdhSecret,
    authSecret,
    userAgentPublic,
    serverPublic,
    salt,
  );
  const aesKey = await crypto.subtle.importKey("raw", key, "AES-GCM", false, [
    "encrypt",
  ]);
  const record = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: "AES-GCM", iv: nonce },
      aesKey,
      concat(payload, Uint8Array.of(2)),
    ),
  );
  const header = new Uint8Array(16 + 4 + 1 + serverPublic.length);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = serverPublic.length;
  header.set(serverPublic, 21);
  return concat(header, record);
}

/** The VAPID private key as WebCrypto takes it: `d` with the public point's x and y. */
async function vapidSigningKey(keys: VapidKeys): Promise<CryptoKey> {
  const point = base64UrlDecode(keys.publicKey);
  if (point.length !== 65 || point[0] !== 4)
    throw new Error("VAPID_PUBLIC_KEY is not an uncompressed P-256 point");
  return crypto.subtle.importKey(
    "jwk",
    {
      kty: "EC",
      crv: "P-256",
      d: keys.privateKey,
      x: base64UrlEncode(point.slice(1, 33)),
      y: base64UrlEncode(point.slice(33, 65)),
      ext: false,
    },
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
}

/** RFC 8292 §2: a JWT for the push service's origin, signed ES256 (WebCrypto's signature is already r‖s). */
async function vapidToken(
  endpoint: string,
  keys: VapidKeys,
  now = Date.now(),
): Promise<string> {
  const part = (value: object) =>
    base64UrlEncode(encoder.encode(JSON.stringify(value)));
  const unsigned = `${part({ typ: "JWT", alg: "ES256" })}.${part({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + VAPID_TOKEN_SECONDS,
    sub: keys.subject,
  })}`;
  const signature = await crypto.subtle.sign(
    { name: "ECDSA", hash: "SHA-256" },
    await vapidSigningKey(keys),
    encoder.encode(unsigned),
  );
  return `${unsigned}.${base64UrlEncode(new Uint8Array(signature))}`;
}

export interface PushRequestOptions {
  /** Seconds the push service keeps the message for a device that is offline. */
  ttl: number;
  urgency?: "very-low" | "low" | "normal" | "high";
}

/** The POST to the subscription's push service that delivers `payload` to its device. */
export async function pushRequest(
  subscription: SubscriptionKeys,
  payload: string,
  keys: VapidKeys,
  options: PushRequestOptions,
): Promise<Request> {
  const body = await encryptPayload(encoder.encode(payload), subscription);
  return new Request(subscription.endpoint, {
    method: "POST",
    headers: {
      Authorization: `vapid t=${await vapidToken(subscription.endpoint, keys)}, k=${keys.publicKey}`,
      "Content-Encoding": "aes128gcm",
      "Content-Type": "application/octet-stream",
      TTL: String(options.ttl),
      Urgency: options.urgency ?? "normal",
    },
    body,
  });
}
