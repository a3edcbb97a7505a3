/**
 * The ad network's configuration: AD_CLIENT_ID (wrangler.toml [vars]) is Google's publisher id, `ca-pub-` and digits.
 * Anything else counts as no network at all, so a typo cannot open the page's policy to Google's hosts or print a
 * broken ads.txt; a bare `pub-…` (as ads.txt writes it) is taken too.
 */
const CLIENT_ID = /^(?:ca-)?(pub-\d{1,32})$/;

/** The configured publisher id as the ad script wants it (`ca-pub-…`), or null without a valid one. */
export function adClientIdFrom(env: { AD_CLIENT_ID?: unknown }): string | null {
  const value = env.AD_CLIENT_ID;
  if (typeof value !== "string") return null;
  const match = CLIENT_ID.exec(value.trim());
  return match ? `ca-${match[1]}` : null;
}
