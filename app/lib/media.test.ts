import { describe, expect, it } from "vitest";
import { avatarInitial, resolveMediaUrl } from "./media";

describe("resolveMediaUrl", () => {
  it("keeps data images and absolute http(s) addresses as they are", () => {
    expect(resolveMediaUrl("data:image/png;base64,AAAA")).toBe(
      "data:image/png;base64,AAAA",
    );
    expect(resolveMediaUrl("https://cdn.example.com/a.png")).toBe(
      "https://cdn.example.com/a.png",
    );
    expect(resolveMediaUrl("http://example.com/a.png")).toBe(
      "http://example.com/a.png",
    );
    expect(resolveMediaUrl("HTTPS://EXAMPLE.COM/a.png")).toBe(
      "HTTPS://EXAMPLE.COM/a.png",
    );
  });

  it("prefixes a stored key with the media base", () => {
    expect(resolveMediaUrl("profile/7/a.png")).toBe("/media/profile/7/a.png");
    expect(
      resolveMediaUrl("profile/7/a.png", "https://media.playfeed.app"),
    ).toBe("https://media.playfeed.app/profile/7/a.png");
    expect(resolveMediaUrl("httpfoo.png")).toBe("/media/httpfoo.png");
  });

  it("keeps root-relative paths of our own origin", () => {
    expect(resolveMediaUrl("/placeholders/arcade.svg")).toBe(
      "/placeholders/arcade.svg",
    );
  });

  it("has nothing to show for empty values", () => {
    expect(resolveMediaUrl(null)).toBeNull();
    expect(resolveMediaUrl("")).toBeNull();
    expect(resolveMediaUrl(undefined)).toBeNull();
  });
});

describe("avatarInitial", () => {
  it("uses the first letter of the first name, then of the name", () => {
    expect(avatarInitial("ava", "Ava Stone")).toBe("A");
    expect(avatarInitial("", "ben Carter")).toBe("B");
    expect(avatarInitial(null, null)).toBe("?");
  });
});
