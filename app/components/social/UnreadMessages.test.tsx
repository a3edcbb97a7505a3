// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import { BottomBar } from "~/components/BottomBar";
import { SideMenu } from "~/components/SideMenu";
import { SocketProvider } from "~/components/SocketProvider";
import {
  FakeWebSocket,
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
} from "../../../tests/setup/components";
import { UnreadMessagesProvider } from "./UnreadMessages";

beforeEach(() => {
  installFakeWebSocket();
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const socialIn = (menu: string) =>
  within(screen.getByRole("navigation", { name: menu })).getByRole("link", {
    name: /^Social/,
  });

const update = (unread: number) => ({
  event: "inbox_update",
  data: { friendId: 2, entry: null, unread },
});

describe("the unread messages on Social", () => {
  it("shows the inbox's count in both menus, in the link's name too, and follows inbox_update", async () => {
    renderInRoot(
      <>
        <SideMenu />
        <BottomBar />
      </>,
      {
        wrap: (page) => (
          <AccountProvider>
            <SocketProvider>
              <UnreadMessagesProvider>{page}</UnreadMessagesProvider>
            </SocketProvider>
          </AccountProvider>
        ),
      },
    );
    await screen.findByRole("navigation", { name: "Primary" });
    for (const menu of ["Main", "Primary"])
      expect(socialIn(menu).textContent).toBe("Social");
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    socket.open();

    socket.receive(update(3));
    await waitFor(() =>
      expect(socialIn("Main").getAttribute("aria-label")).toBe(
        "Social, 3 unread messages",
      ),
    );
    expect(socialIn("Primary").getAttribute("aria-label")).toBe(
      "Social, 3 unread messages",
    );
    expect(
      screen.getAllByTestId("unread-messages-badge").map((b) => b.textContent),
    ).toEqual(["3", "3"]);

    socket.receive(update(1));
    await waitFor(() =>
      expect(socialIn("Primary").getAttribute("aria-label")).toBe(
        "Social, 1 unread message",
      ),
    );
    socket.receive(update(120));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId("unread-messages-badge")
          .map((b) => b.textContent),
      ).toEqual(["99+", "99+"]),
    );

    // Seen (here or in another tab): the badge goes and the name is plain again.
    socket.receive(update(0));
    await waitFor(() =>
      expect(screen.queryAllByTestId("unread-messages-badge")).toEqual([]),
    );
    expect(socialIn("Main").getAttribute("aria-label")).toBeNull();
    expect(socialIn("Primary").getAttribute("aria-label")).toBe("Social");
  });
});
