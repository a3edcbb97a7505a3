// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoot } from "../../tests/setup/components";
import NewGame from "./developer.publishers.$id_.new-game";

afterEach(cleanup);

function renderNewGame(action?: () => Record<string, unknown>) {
  renderInRoot(null, {
    path: "/developer/publishers/:id/new-game",
    initialEntry: "/developer/publishers/2/new-game",
    loader: () => ({
      publisher: { id: 2, name: "Ada Arcade" },
      categories: [
        { id: 1, name: "Arcade" },
        { id: 2, name: "Puzzle" },
      ],
    }),
    action,
    Component: NewGame,
  });
}

describe("/developer/publishers/:id/new-game", () => {
  it("states an upload's limits before the form, and asks for every field with a label", async () => {
    renderNewGame();
    const limits = await screen.findByRole("heading", {
      name: "What an upload can be",
    });
    const text = limits.closest("section")!.textContent;
    expect(text).toContain("50 MB");
    expect(text).toContain("200 MB and 2,000 files");
    expect(text).toContain(".wasm");
    for (const label of [
      "Upload a .zip",
      "Link to a game hosted elsewhere",
      /^Game \.zip/,
      /^Game address/,
      "Name",
      "Description",
      "How to play",
      "Category",
      /^Icon/,
      /^Promo clip/,
      "Orientation",
      "Timed: a round ends after a set time",
      /^Longest round/,
      /^Sends scores/,
      "Leaderboard",
    ])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(
      screen.getByText(/A game without one gets a still card/),
    ).toBeTruthy();
    expect(
      screen.getByLabelText<HTMLInputElement>(/^Game \.zip/).accept,
    ).toContain(".zip");
  });

  it("switches to a link, and shows the server's refusal under its field with the link kept", async () => {
    const user = userEvent.setup();
    renderNewGame(() => ({
      ok: false,
      formError: "Please enter the game's https:// address",
      errors: { link: "Please enter the game's https:// address" },
      values: { kind: "link", link: "http://example.com", name: "Block Drop" },
    }));
    await user.click(
      await screen.findByLabelText("Link to a game hosted elsewhere"),
    );
    expect(
      document.querySelector(".dev-kind-fields")?.getAttribute("data-kind"),
    ).toBe("link");
    // The browser's own checks (the required icon) stand aside: this is the server's answer.
    fireEvent.submit(document.querySelector("form.dev-form")!);
    const link = await screen.findByDisplayValue("http://example.com");
    expect(link.getAttribute("aria-invalid")).toBe("true");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Please enter the game's https:// address",
    );
    expect(screen.getByDisplayValue("Block Drop")).toBeTruthy();
  });
});
