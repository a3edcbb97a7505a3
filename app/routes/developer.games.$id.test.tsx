// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { VersionView } from "~/components/developer/VersionCard";
import { renderInRoot } from "../../tests/setup/components";
import DeveloperGame from "./developer.games.$id";

afterEach(cleanup);

const DAY = Date.UTC(2026, 10, 20);

const version = (
  id: number,
  status: VersionView["status"],
  more: Partial<VersionView> = {},
): VersionView => ({
  id,
  kind: "upload",
  status,
  externalLink: null,
  fileCount: 12,
  byteSize: 3 * 1024 * 1024,
  reviewReason: null,
  createdAt: DAY,
  submittedAt: null,
  reviewedAt: null,
  ...more,
});

function renderGame(
  versions: VersionView[],
  isPublished = false,
  action?: () => Record<string, unknown>,
) {
  renderInRoot(null, {
    path: "/developer/games/:id",
    initialEntry: "/developer/games/7",
    loader: () => ({
      game: {
        id: 7,
        name: "Block Drop",
        icon: "games/7/icon.png",
        slug: "block-drop",
        type: 0,
        publisherId: 2,
        isPublished,
      },
      publisher: { id: 2, name: "Ada Arcade" },
      versions,
    }),
    action,
    Component: DeveloperGame,
  });
}

const card = async (title: string) =>
  (await screen.findByRole("heading", { name: title })).closest("li")!;

describe("/developer/games/:id", () => {
  it("offers a draft the inspector and review, a version under review withdrawal, and shows a rejection in full", async () => {
    renderGame([
      version(12, "draft"),
      version(11, "submitted", { submittedAt: DAY }),
      version(10, "rejected", {
        submittedAt: DAY,
        reviewedAt: DAY,
        reviewReason: "The game scrolls on a phone: please fit 390×844.",
      }),
    ]);
    const draft = within(await card("Version 3"));
    expect(draft.getByText("Draft")).toBeTruthy();
    expect(draft.getByText("12 files, 3.0 MB")).toBeTruthy();
    expect(
      draft
        .getByRole("link", { name: "Test in the inspector" })
        .getAttribute("href"),
    ).toBe("/developer/versions/12/play");
    expect(
      draft.getByRole("button", { name: "Submit for review" }),
    ).toBeTruthy();

    const submitted = within(await card("Version 2"));
    expect(submitted.getByText("Waiting for review")).toBeTruthy();
    expect(submitted.getByRole("button", { name: "Withdraw" })).toBeTruthy();
    expect(
      submitted.queryByRole("button", { name: "Submit for review" }),
    ).toBeNull();

    const rejected = within(await card("Version 1"));
    expect(
      rejected.getByText("The game scrolls on a phone: please fit 390×844."),
    ).toBeTruthy();
    expect(
      rejected.getAllByText("20 Nov 2026", { selector: "dd" }),
    ).toHaveLength(3);
    expect(rejected.queryByRole("button")).toBeNull();

    expect(screen.getByText(/Not on the site yet/)).toBeTruthy();
    expect(screen.queryByText("Unpublish this game")).toBeNull();
    expect(
      screen
        .getByRole("link", { name: "Upload a new version" })
        .getAttribute("href"),
    ).toBe("/developer/games/7/new-version");
    expect(
      screen
        .getByRole("link", { name: "Players and numbers" })
        .getAttribute("href"),
    ).toBe("/developer/games/7/stats");
  });

  it("says what unpublishing a live game does before it is confirmed, and shows a refusal", async () => {
    const user = userEvent.setup();
    renderGame([version(5, "approved", { reviewedAt: DAY })], true, () => ({
      ok: false,
      formError: "This game is not live",
      errors: {},
      values: { intent: "unpublish" },
    }));
    expect(await screen.findByText("Live")).toBeTruthy();
    expect(
      screen.getByRole("link", { name: "see its page" }).getAttribute("href"),
    ).toBe("/detail/7");
    await user.click(screen.getByText("Unpublish this game"));
    expect(
      screen.getByText(/disappears from home, the feed, search/),
    ).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Yes, unpublish it" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This game is not live",
    );
  });
});
