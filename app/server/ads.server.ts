/**
 * /ads.txt (IAB Tech Lab ads.txt 1.1): who may sell this site's ad space. With a publisher id configured, Google
 * (AdSense's certification authority id f08c47fec0942fa0) as a direct seller; without one, the placeholder record
 * the standard gives a site that authorises no seller, so nobody can sell space here in its name.
 */
export function adsTxt(adClientId: string | null): string {
  const record = adClientId
    ? `google.com, ${adClientId.replace(/^ca-/, "")}, DIRECT, f08c47fec0942fa0`
    : "placeholder.example.com, placeholder, DIRECT, placeholder";
  return `${record}\n`;
}

/** Ad systems read ads.txt at most daily; an hour lets a new publisher id show soon after a deploy. */
export const ADS_TXT_CACHE_CONTROL = "public, max-age=3600";
