// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Game } from "#contract/types";
import { installFakeApi, renderInRoot } from "../../../tests/setup/components";
import { AccountProvider } from "../AccountProvider";
import { FeedGameSlide } from "./FeedGameSlide";

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GAME: Game = {
  _id: 41,
  slug: "paper-planes-a1b2c3",
  name: "Paper Planes",
  category: "Arcade",
  description: "<p>Fold a plane and glide.</p>",
  how_to_play: "<p>Tap to lift.</p>",
  icon: "/games/sky-hopper/icon.svg",
  video: null,
  poster: null,
  is_liked: false,
  is_saved: false,
  my_rating: null,
  total_likes: 0,
  avgRating: 0,
  rating_count: 0,
  game_modes: [1, 4],
  timed: true,
  leaderboard_type: 1,
  type: 0,
  external_link: null,
  bundle_url: "http://localhost:8788/v/9/index.html",
  maximum_game_time: 90,
  publisher: { _id: 5, name: "Cloud Nine Games", icon: "/favicon.svg" },
  is_placeholder: false,
};

function renderSlide(game: Game) {
  renderInRoot(
    <FeedGameSlide
      game={game}
      withVideo
      active
      eager
      onOpenPublisher={() => undefined}
      onOpenLeaderboard={() => undefined}
    />,
    { wrap: (page) => <AccountProvider>{page}</AccountProvider> },
  );
}

describe("a feed slide", () => {
  it("shows a game without a promo clip as a still card: its icon large, its name and Play, and no video", async () => {
    renderSlide(GAME);
    const slide = await screen.findByRole("article", { name: "Paper Planes" });
    const still = slide.querySelector(".feed-still");
    expect(still?.getAttribute("aria-hidden")).toBe("true");
    expect(still?.querySelector("img")?.getAttribute("src")).toBe(
      "/games/sky-hopper/icon.svg",
    );
    expect(still?.textContent).toContain("Paper Planes");
    expect(still?.querySelector("a")?.getAttribute("href")).toBe(
      "/play/41?type=0",
    );
    expect(slide.querySelector("video")).toBeNull();
    // The keyboard and screen readers keep the one Play link below.
    expect(
      screen.getAllByRole("link", { name: "Play Paper Planes" }),
    ).toHaveLength(1);
  });

  it("plays the promo clip of a game that has one", async () => {
    renderSlide({ ...GAME, video: "/games/tower-stack/promo.mp4" });
    const slide = await screen.findByRole("article", { name: "Paper Planes" });
    expect(slide.querySelector("video")).not.toBeNull();
    expect(slide.querySelector(".feed-still")).toBeNull();
  });
});
