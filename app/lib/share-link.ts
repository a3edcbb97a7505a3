/** Copies text, with the old selection trick where the Clipboard API is missing or refused. */
export async function copyText(
  text: string,
  field: HTMLInputElement | null,
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!field) return false;
    field.focus();
    field.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

/** What became of a link handed on: shared through the system sheet, the sheet closed, copied, or neither. */
export type ShareOutcome = "shared" | "dismissed" | "copied" | "copy-failed";

export const canShareNatively = () =>
  typeof navigator !== "undefined" && typeof navigator.share === "function";

/**
 * The Web Share API where the browser has it; otherwise, or when it refuses (for instance because the tap that asked
 * is too long ago), the link is copied. `field` shows the link, for the copy fallback and for selecting by hand.
 */
export async function shareLink(
  data: { title: string; text: string; url: string },
  field: HTMLInputElement | null,
): Promise<ShareOutcome> {
  if (canShareNatively()) {
    try {
      await navigator.share(data);
      return "shared";
    } catch (failure) {
      // Closing the share sheet is the player's choice, not a failure.
      if (failure instanceof DOMException && failure.name === "AbortError")
        return "dismissed";
    }
  }
  return (await copyText(data.url, field)) ? "copied" : "copy-failed";
}
