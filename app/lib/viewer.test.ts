import { describe, expect, it } from "vitest";
import { shellModeOf, toViewer } from "./viewer";

describe("toViewer", () => {
  it("keeps only display fields", () => {
    const row = {
      id: 3,
      name: "Ava Stone",
      firstName: "Ava",
      profileImg: null,
      profilePic: "https://x/p.png",
      wallet: 50,
      canWrite: false,
      loginDay: 2,
      lastBonusOn: "2026-11-21",
      role: "moderator" as const,
      email: "ava@example.com",
      passwordHash: "secret",
    };
    expect(toViewer(row, Date.parse("2026-11-22T08:00:00Z"))).toEqual({
      _id: 3,
      name: "Ava Stone",
      first_name: "Ava",
      profile_img: null,
      profile_pic: "https://x/p.png",
      wallet: 50,
      can_write: false,
      role: "moderator",
      login_day: 3,
      daily_bonus_status: 0,
    });
  });

  it("is null for visitors", () => {
    expect(toViewer(null)).toBeNull();
  });
});

describe("shellModeOf", () => {
  it("reads route handles", () => {
    expect(shellModeOf([undefined, {}])).toBe("default");
    expect(shellModeOf([undefined, { immersive: true }])).toBe("immersive");
    expect(shellModeOf([{ bare: true }])).toBe("bare");
    expect(shellModeOf([{ bare: true }, { immersive: true }])).toBe(
      "immersive",
    );
  });
});
