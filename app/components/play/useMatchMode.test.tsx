// @vitest-environment happy-dom
import { act, cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import {
  MultiplayerProvider,
  type useMultiplayer,
} from "~/components/MultiplayerProvider";
import { useViewer } from "~/components/root-data";
import type { Viewer } from "~/lib/viewer";
import { GAME_TYPE } from "~/state/multiplayer";
import { renderInRoot, viewer } from "../../../tests/setup/components";
import { useMatchMode, type MatchMode } from "./useMatchMode";

const GAME_ID = 7;
let seen: MatchMode | null = null;
let dispatch: ReturnType<typeof useMultiplayer>["dispatch"] = () => undefined;

function Probe() {
  seen = useMatchMode(GAME_ID, useViewer());
  dispatch = seen.dispatch;
  return <h1>Play</h1>;
}

async function renderAt(entry: string, user: Viewer | null = viewer()) {
  renderInRoot(null, {
    user,
    path: "/play/:id",
    initialEntry: entry,
    Component: Probe,
    wrap: (page) => <MultiplayerProvider>{page}</MultiplayerProvider>,
  });
  await screen.findByRole("heading", { name: "Play" });
  return () => seen!;
}

afterEach(() => {
  cleanup();
  seen = null;
});

describe("useMatchMode", () => {
  it("plays a plain round from a plain address, with its type, seed and challenge", async () => {
    const mode = await renderAt(
      `/play/${GAME_ID}?type=1&seed=42&challengeId=5`,
    );
    expect(mode()).toMatchObject({
      mode: "single",
      gameType: GAME_TYPE.single,
      opponent: null,
      needsRoom: false,
      selfLeft: false,
      fixedSeed: 42,
      playType: 1,
      challengeId: 5,
    });
    expect(mode().opponentScoreAt(10_000)).toBe(0);
  });

  it("asks the room after a reload in a match, and plays the match once it is in memory", async () => {
    const me = viewer();
    const mode = await renderAt(`/play/${GAME_ID}?type=0&room=r1&seed=9`, me);
    expect(mode()).toMatchObject({ mode: "single", needsRoom: true });

    act(() => {
      dispatch({
        type: "gameRequest",
        roomId: "r1",
        gameId: GAME_ID,
        seed: 9,
        participants: [
          {
            user_id: me._id,
            user_name: me.name,
            profile_pic: null,
            room_id: "r1",
          },
          {
            user_id: me._id + 1,
            user_name: "Rival",
            profile_pic: null,
            room_id: "r1",
          },
        ],
      });
    });
    expect(mode()).toMatchObject({
      mode: "match",
      gameType: GAME_TYPE.multiplayer,
      needsRoom: false,
      opponent: { name: "Rival", left: false, recorded: false },
    });
    act(() => {
      dispatch({ type: "opponentData", userId: me._id + 1, score: 12 });
    });
    expect(mode().opponentScoreAt(0)).toBe(12);
  });

  it("never plays a visitor's round as a match", async () => {
    const mode = await renderAt(`/play/${GAME_ID}?room=r1`, null);
    expect(mode()).toMatchObject({ mode: "single", needsRoom: false });
  });
});
