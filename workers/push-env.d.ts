declare global {
  namespace Cloudflare {
    interface Env {
      // Web Push (ADR 029): secrets (`wrangler secret put`; `.dev.vars` locally), so `npm run typegen` only sees them
      // when .dev.vars has them, and then declares them just so. Unset at run time, push is off (`vapidKeysFrom`).
      VAPID_PUBLIC_KEY: string;
      VAPID_PRIVATE_KEY: string;
      /** `mailto:` or `https:` contact for the push services. */
      VAPID_SUBJECT: string;
    }
  }
}

export {};
