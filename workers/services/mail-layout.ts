import type { Mail } from "./mail";

/**
 * Every mail the platform sends reads the same way: a heading, a few short paragraphs, at most one button, and a
 * footer naming the site and its address that says why the mail came (transactional: no unsubscribe link). Values are
 * escaped here, so callers pass plain text.
 */
export interface MailContent {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

const SITE_NAME = "Playfeed";

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** The mail for `content`, with the site's address `origin` (APP_ORIGIN) in its footer. */
export function composeMail(content: MailContent, origin: string): Mail {
  const footer = `You received this mail because of an action on your ${SITE_NAME} account. ${SITE_NAME}, ${origin}`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action
      ? [`${content.action.label}: ${content.action.url}`, ""]
      : []),
    "--",
    footer,
  ].join("\n");
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#6c3cf5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
    : "";
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head><body style="margin:0;padding:24px;background:#f5f5f7;font-family:system-ui,sans-serif;color:#1b1b1f"><div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>${content.paragraphs
    .map(
      (paragraph) =>
        `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(paragraph)}</p>`,
    )
    .join(
      "",
    )}${button}<p style="font-size:12px;color:#6b6b76;margin:24px 0 0">${escapeHtml(footer)}</p></div></body></html>`;
  return { to: content.to, subject: content.subject, text, html };
}
