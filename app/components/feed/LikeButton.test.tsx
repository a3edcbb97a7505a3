// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, renderInRoot } from "../../../tests/setup/components";
import { AccountProvider } from "../AccountProvider";
import { ACTION_PATHS } from "../ActionForm";
import { LikeButton as DetailLikeButton } from "../game/LikeButton";
import { LikeButton } from "./LikeButton";

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The button on the like action's own route, so that its form posts to an action that answers like the server. */
function renderOnLikeRoute(button: ReactElement, totalAfterLike: number) {
  renderInRoot(null, {
    path: ACTION_PATHS.like,
    action: () => ({
      ok: true,
      answer: { game_id: 7, is_liked: true, total_likes: totalAfterLike },
    }),
    Component: () => button,
    wrap: (page) => <AccountProvider>{page}</AccountProvider>,
  });
}

describe("the feed's Like button", () => {
  it("is announced with the game and its count, and the count it says follows a like", async () => {
    const user = userEvent.setup();
    renderOnLikeRoute(
      <LikeButton gameId={7} name="Neon Snake" liked={false} count={12} />,
      13,
    );
    const like = await screen.findByRole("button", {
      name: "Like Neon Snake, 12 likes",
    });
    expect(like.getAttribute("aria-pressed")).toBe("false");

    await user.click(like);
    await waitFor(() =>
      expect(
        screen.getByRole("button", { name: "Like Neon Snake, 13 likes" }),
      ).toBeTruthy(),
    );
    expect(like.getAttribute("aria-pressed")).toBe("true");
  });

  it("says one like in the singular", async () => {
    renderOnLikeRoute(
      <LikeButton gameId={7} name="Neon Snake" liked count={1} />,
      1,
    );
    expect(
      await screen.findByRole("button", { name: "Like Neon Snake, 1 like" }),
    ).toBeTruthy();
  });
});

describe("the detail page's Like button", () => {
  it("has its visible words, the count and 'likes', in its name", async () => {
    renderOnLikeRoute(
      <DetailLikeButton gameId={7} liked={false} count={1234} />,
      1235,
    );
    const like = await screen.findByRole("button", {
      name: "Like, 1.2K likes",
    });
    expect(like.textContent).toBe("1.2K likes");
  });
});
