// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider, useAccount } from "~/components/AccountProvider";
import type { Game } from "#contract/types";
import type { Viewer } from "~/lib/viewer";
import {
  installFakeApi,
  renderInRoot,
  viewer,
} from "../../tests/setup/components";
import GameDetail from "./detail.$id";
// The rate form's code, which the page loads when it shows the form, is here already: these tests are about what the
// page shows, and a machine busy with other test files can take seconds to prepare a module on demand.
import "~/components/game/RatePopup";

const GAME: Game = {
  _id: 7,
  slug: "tower-stack",
  name: "Tower Stack",
  category: "Puzzle",
  description: "<p>Stack the blocks as high as you can.</p>",
  how_to_play: "<p>Tap to drop a block.</p>",
  icon: "/games/tower-stack/icon.svg",
  video: null,
  poster: null,
  is_liked: false,
  is_saved: false,
  my_rating: null,
  total_likes: 12,
  avgRating: 4.2,
  rating_count: 8,
  game_modes: [1, 4],
  timed: true,
  leaderboard_type: 1,
  type: 0,
  external_link: null,
  bundle_url: null,
  maximum_game_time: 120,
  publisher: { _id: 3, name: "Blocky Games", icon: "/publishers/3.svg" },
  is_placeholder: false,
};
const PAGE_URL = "https://playfeed.example/detail/7";

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Which popup the account has open (the shell shows the login popup from it), and a way to close it. */
function PopupProbe() {
  const { popup, closePopup } = useAccount();
  return (
    <p>
      <span data-testid="popup">{popup.type}</span>
      <button type="button" onClick={closePopup}>
        Close popup
      </button>
    </p>
  );
}

function renderDetail(user: Viewer | null, entry = "/detail/7") {
  renderInRoot(null, {
    user,
    path: "/detail/:id",
    initialEntry: entry,
    loader: () => ({
      game: GAME,
      ratingCount: GAME.rating_count,
      origin: { screen: "home", path: "/home", label: "Home" },
      challengeId: null,
      challenge: null,
      board: { entries: [], standing: null },
      pageUrl: PAGE_URL,
      imageUrl: null,
      cardUrl: null,
      videoUrl: null,
      houseGame: null,
    }),
    Component: GameDetail,
    wrap: (page) => (
      <AccountProvider>
        <PopupProbe />
        {page}
      </AccountProvider>
    ),
  });
}

describe("/detail/:id", () => {
  it("opens the share popup with the page's link when the browser cannot share, and closes it", async () => {
    const user = userEvent.setup();
    renderDetail(viewer());
    await screen.findByRole("heading", { level: 1, name: "Tower Stack" });
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Share" }));
    // The popup's code loads on the first tap: a stand-in with the same title shows until it is there.
    const link = await screen.findByLabelText<HTMLInputElement>(
      "Link to Tower Stack",
    );
    expect(link.value).toBe(PAGE_URL);
    const dialog = screen.getByRole("dialog", { name: "Share" });

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("swaps the on-page rate form (?rate) for the rate popup while it is open", async () => {
    const user = userEvent.setup();
    renderDetail(viewer(), "/detail/7?rate=1");
    const onPage = () =>
      screen
        .queryAllByRole("heading", { name: "Rate This Game" })
        .filter((heading) => !heading.closest("dialog"));
    await waitFor(() => expect(onPage()).toHaveLength(1));

    await user.click(screen.getByRole("button", { name: "Rate" }));
    // The popup itself, not the stand-in that holds its place while its code comes (lazy-dialog.tsx).
    await screen.findByRole("button", { name: "Submit" });
    const dialog = screen.getByRole("dialog", { name: "Rate This Game" });
    expect(onPage()).toHaveLength(0);

    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(onPage()).toHaveLength(1);
  });

  it("opens the login popup instead of Rate, Share or Challenge for a visitor", async () => {
    const user = userEvent.setup();
    renderDetail(null);
    await screen.findByRole("heading", { level: 1, name: "Tower Stack" });
    const popup = () => screen.getByTestId("popup").textContent;
    expect(popup()).toBe("idle");

    for (const name of ["Rate", "Share"]) {
      await user.click(screen.getByRole("button", { name }));
      expect(popup()).toBe("login");
      await user.click(screen.getByRole("button", { name: "Close popup" }));
      expect(popup()).toBe("idle");
    }
    await user.click(screen.getByRole("link", { name: "Challenge" }));
    expect(popup()).toBe("login");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
