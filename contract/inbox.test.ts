import { describe, expect, it } from "vitest";
import { INBOX_PREVIEW_LENGTH, inboxPreview, socialLabel } from "./inbox";

describe("the inbox's words", () => {
  it("keeps a message as one trimmed line of at most INBOX_PREVIEW_LENGTH characters", () => {
    expect(inboxPreview("  see you\n\n at   8 ")).toBe("see you at 8");
    const long = "a".repeat(INBOX_PREVIEW_LENGTH + 10);
    const preview = inboxPreview(long);
    expect(preview).toHaveLength(INBOX_PREVIEW_LENGTH);
    expect(preview.endsWith("…")).toBe(true);
    expect(inboxPreview("b".repeat(INBOX_PREVIEW_LENGTH))).toBe(
      "b".repeat(INBOX_PREVIEW_LENGTH),
    );
  });

  it("names Social with its unread messages in words", () => {
    expect(socialLabel(0)).toBe("Social");
    expect(socialLabel(1)).toBe("Social, 1 unread message");
    expect(socialLabel(12)).toBe("Social, 12 unread messages");
  });
});
