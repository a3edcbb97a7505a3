import { baseURL } from "./browser";

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: number;
}

/** The mails the local server sent to `address`, newest first (the outbox read through /dev/mail.json). */
export async function mailsTo(address: string): Promise<OutboxMail[]> {
  const response = await fetch(
    `${baseURL()}/dev/mail.json?to=${encodeURIComponent(address)}`,
  );
  if (!response.ok)
    throw new Error(`/dev/mail.json answered ${response.status}`);
  return response.json<OutboxMail[]>();
}

/** Waits until a mail to `address` whose subject matches arrives, and returns the first link to this site in it. */
export async function linkFromMail(
  address: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailsTo(address)).find((one) =>
      subject.test(one.subject),
    );
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    if (Date.now() > until)
      throw new Error(`No mail to ${address} with a subject like ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
