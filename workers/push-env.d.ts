declare global {
  namespace Cloudflare {
    interface Env {
      /** Web Push (ADR 029), set with `wrangler secret put` (and `.dev.vars` locally): unset, push is off. */
      VAPID_PUBLIC_KEY?: string;
      VAPID_PRIVATE_KEY?: string;
      /** `mailto:` or `https:` contact for the push services. */
      VAPID_SUBJECT?: string;
    }
  }
}

export {};
