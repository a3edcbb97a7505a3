declare global {
  namespace Cloudflare {
    interface Env {
      // Mail (ADR 044): the provider's key is a secret (`wrangler secret put MAIL_API_KEY`), so `npm run typegen` only
      // sees it when .dev.vars has it. Unset outside this machine, no mail is sent (`mailerFrom`).
      MAIL_API_KEY?: string;
    }
  }
}

export {};
