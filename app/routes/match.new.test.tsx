// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeApi, renderInRoot } from "../../tests/setup/components";
import PlayWithFriend from "./match.new";

const GAMES = [
  { _id: 7, name: "Tower Stack", icon: "/games/tower-stack/icon.svg" },
  { _id: 8, name: "Word Race", icon: "/games/word-race/icon.svg" },
];
const FRIENDS = [{ _id: 2, name: "Bea Friend", profile_img: null }];

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Loaded {
  games?: typeof GAMES;
  friends?: typeof FRIENDS;
  chosenGame?: number | null;
  chosenFriend?: number | null;
}

/** /match/new with what its loader read; its action waits for `answer` and collects the forms it got. */
function renderPick(
  loaded: Loaded,
  answer: Promise<Record<string, unknown>> = Promise.resolve({ error: null }),
) {
  const posted: Array<Record<string, FormDataEntryValue>> = [];
  renderInRoot(null, {
    path: "/match/new",
    loader: () => ({
      games: GAMES,
      friends: FRIENDS,
      chosenGame: null,
      chosenFriend: null,
      ...loaded,
    }),
    action: async ({ request }) => {
      posted.push(Object.fromEntries(await request.formData()));
      return answer;
    },
    Component: PlayWithFriend,
  });
  return posted;
}

const submit = () =>
  screen.getByRole("button", { name: /^(Get a link|Invite .+)$/ });

describe("/match/new", () => {
  it("names the friend picked on the button, and goes back to a link with Just get a link", async () => {
    const user = userEvent.setup();
    renderPick({ chosenGame: 8 });
    await screen.findByRole("heading", { name: "Play with a friend" });
    expect(
      screen.getByRole<HTMLInputElement>("radio", { name: "Word Race" })
        .checked,
    ).toBe(true);
    expect(submit().textContent).toBe("Get a link");

    await user.click(screen.getByRole("radio", { name: /Bea Friend/ }));
    expect(submit().textContent).toBe("Invite Bea Friend");
    await user.click(screen.getByRole("radio", { name: /Just get a link/ }));
    expect(submit().textContent).toBe("Get a link");
  });

  it("posts the game and friend picked, and shows why the server refused the invitation", async () => {
    const user = userEvent.setup();
    const posted = renderPick(
      { chosenFriend: 2 },
      Promise.resolve({ error: "Bea Friend is already in a match" }),
    );
    await user.click(await screen.findByRole("radio", { name: "Word Race" }));
    await user.click(screen.getByRole("button", { name: "Invite Bea Friend" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Bea Friend is already in a match",
    );
    expect(posted).toEqual([{ gameId: "8", friendId: "2" }]);
    // The choices stay as they were, to try again.
    expect(
      screen.getByRole<HTMLInputElement>("radio", { name: "Word Race" })
        .checked,
    ).toBe(true);
    expect(submit().hasAttribute("disabled")).toBe(false);
  });

  it("cannot send without a game, and points to Find people without friends", async () => {
    renderPick({ games: [], friends: [] });
    await screen.findByRole("heading", { name: "Play with a friend" });
    expect(submit().hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("link", { name: "Find people" })).toBeTruthy();
  });
});
