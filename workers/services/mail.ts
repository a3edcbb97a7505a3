/**
 * Issue #34: the one port every mail goes through. A mail is a transactional message to one address, with a plain-text
 * and an HTML body; `mailerFrom` picks the transport for the environment. Locally and in the tests every mail is kept
 * in an outbox in the media bucket (`mail/`), which the dev-only page /dev/mail and the tests read back.
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A mail as the local outbox keeps it. */
export interface KeptMail extends Mail {
  id: string;
  sentAt: number;
}

const OUTBOX = "mail/";

/** Keys sort newest first: the inverted time comes first in the key. */
const outboxKey = (at: number) =>
  `${OUTBOX}${String(9_999_999_999_999 - at).padStart(13, "0")}-${crypto.randomUUID()}.json`;

/** The local and test transport: each mail becomes one JSON object under `mail/` in `bucket`. */
function outboxMailer(bucket: R2Bucket): Mailer {
  return {
    async send(mail) {
      const sentAt = Date.now();
      const key = outboxKey(sentAt);
      const kept: KeptMail = {
        ...mail,
        id: key.slice(OUTBOX.length, -5),
        sentAt,
      };
      await bucket.put(key, JSON.stringify(kept), {
        httpMetadata: { contentType: "application/json" },
        customMetadata: { to: mail.to.toLowerCase() },
      });
    },
  };
}

/** The outbox's mails, newest first, to `to` only when given. */
export async function readOutbox(
  bucket: R2Bucket,
  { to, limit = 50 }: { to?: string; limit?: number } = {},
): Promise<KeptMail[]> {
  const listed = await bucket.list({
    prefix: OUTBOX,
    limit: 1000,
    include: ["customMetadata"],
  });
  const wanted = to?.toLowerCase();
  const keys = listed.objects
    .filter((object) => !wanted || object.customMetadata?.to === wanted)
    .slice(0, limit)
    .map((object) => object.key);
  const mails = await Promise.all(
    keys.map(async (key) => (await bucket.get(key))?.json<KeptMail>()),
  );
  return mails.filter((mail): mail is KeptMail => mail !== undefined);
}

/**
 * True when the app runs on this machine (`npm start`, the tests): its own origin is localhost. Only then do mails go
 * to the outbox, and only then does /dev/mail exist.
 */
export function runsLocally(env: Pick<Env, "APP_ORIGIN">): boolean {
  const { hostname } = new URL(env.APP_ORIGIN);
  return hostname === "localhost" || hostname === "127.0.0.1";
}

/** Anywhere else without a transport, a mail is refused, loudly in the logs, instead of landing in a bucket unread. */
const noTransport: Mailer = {
  send(mail) {
    return Promise.reject(
      new Error(
        `No mail transport is configured; a mail to ${mail.to} was not sent`,
      ),
    );
  },
};

/** Resend's send endpoint (ADR 044): one JSON POST per mail, authorised by the secret key. */
const RESEND_ENDPOINT = "https://api.resend.com/emails";

export interface HttpMailerConfig {
  apiKey: string;
  /** The sender, e.g. `Playfeed <mail@playfeed.example>`, on a domain verified with the provider. */
  from: string;
  endpoint?: string;
  /** The network port: the Worker's `fetch`, or in a test a function that answers as the provider would. */
  fetch?: typeof fetch;
}

/**
 * The production transport: a transactional mail provider over HTTPS. A refusal throws with the provider's status and
 * the start of its answer (never the key), so the caller's log says why a mail did not go.
 */
export function httpMailer({
  apiKey,
  from,
  endpoint = RESEND_ENDPOINT,
  fetch: send = fetch,
}: HttpMailerConfig): Mailer {
  return {
    async send(mail) {
      const response = await send(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${apiKey}`,
          "Content-Type": "application/json",
        },
        body: JSON.stringify({
          from,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        }),
      });
      if (!response.ok)
        throw new Error(
          `The mail provider refused a mail to ${mail.to}: ${response.status} ${(await response.text()).slice(0, 200)}`,
        );
    },
  };
}

/**
 * The transport for this environment: the local outbox on this machine; elsewhere the provider when MAIL_API_KEY and
 * MAIL_FROM are set, else the refusing mailer.
 */
export function mailerFrom(
  env: Env,
  network: typeof fetch = (input, init) => fetch(input, init),
): Mailer {
  if (runsLocally(env)) return outboxMailer(env.MEDIA);
  if (env.MAIL_API_KEY && env.MAIL_FROM)
    return httpMailer({
      apiKey: env.MAIL_API_KEY,
      from: env.MAIL_FROM,
      fetch: network,
    });
  return noTransport;
}
