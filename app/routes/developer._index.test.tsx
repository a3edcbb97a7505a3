// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoot } from "../../tests/setup/components";
import Developer from "./developer._index";

afterEach(cleanup);

const publisher = (id: number, name: string, games: number) => ({
  id,
  name,
  icon: "",
  banner: "",
  about: "",
  games,
});

function renderDeveloper(
  loaded: {
    publishers: ReturnType<typeof publisher>[];
    joined?: number;
    isModerator?: boolean;
  },
  action?: () => Record<string, unknown>,
) {
  renderInRoot(null, {
    path: "/developer",
    loader: () => ({ joined: 0, isModerator: false, ...loaded }),
    action,
    Component: Developer,
  });
}

describe("/developer", () => {
  it("explains a developer account to someone with no publisher, and offers the create form", async () => {
    renderDeveloper({ publishers: [] });
    expect(
      await screen.findByRole("heading", { name: "No publisher yet" }),
    ).toBeTruthy();
    expect(
      screen.getByText(/like your studio page on Poki or CrazyGames/),
    ).toBeTruthy();
    expect(screen.getByLabelText("Publisher name")).toBeTruthy();
    expect(screen.getByLabelText(/^About/)).toBeTruthy();
    expect(screen.getByLabelText(/^Icon/)).toBeTruthy();
    expect(screen.getByLabelText(/^Banner/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Review queue/ })).toBeNull();
  });

  it("lists the player's publishers with their games, says who joined, and shows moderators the queue", async () => {
    renderDeveloper({
      publishers: [publisher(3, "Ada Arcade", 1), publisher(4, "Bo Games", 4)],
      joined: 1,
      isModerator: true,
    });
    const list = await screen.findByRole("list");
    const first = within(list).getByRole("link", { name: /Ada Arcade/ });
    expect(first.getAttribute("href")).toBe("/developer/publishers/3");
    expect(within(first).getByText("1 game")).toBeTruthy();
    expect(within(list).getByText("4 games")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain(
      "You joined a publisher",
    );
    expect(
      screen.getByRole("link", { name: /Review queue/ }).getAttribute("href"),
    ).toBe("/moderation");
  });

  it("shows the server's refusal under its field and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderDeveloper({ publishers: [] }, () => ({
      ok: false,
      formError: "A publisher with this name already exists",
      errors: { name: "A publisher with this name already exists" },
      values: { name: "Taken Name", about: "Hello" },
    }));
    await user.type(
      await screen.findByLabelText("Publisher name"),
      "Taken Name",
    );
    await user.click(screen.getByRole("button", { name: "Create publisher" }));
    const name = await screen.findByLabelText("Publisher name");
    await screen.findByRole("alert");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(
      document.getElementById(name.getAttribute("aria-describedby") ?? "")
        ?.textContent,
    ).toBe("A publisher with this name already exists");
    expect((name as HTMLInputElement).value).toBe("Taken Name");
  });
});
