// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import { SocketProvider } from "~/components/SocketProvider";
import type { NotificationView } from "#contract/coins";
import type { NotificationsPage } from "#contract/notifications";
import {
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
  type RenderOptions,
} from "../../tests/setup/components";
import Notifications from "./notifications";

const notification = (id: number, content: string): NotificationView => ({
  _id: id,
  type: "challenge_result",
  content,
  user: 1,
  notification_data: { challengeId: id, gameId: 7 },
  read: true,
  created_dt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
});
const page = (
  notifications: NotificationView[],
  hasMore: boolean,
): NotificationsPage => ({ notifications, unread: 0, has_more: hasMore });

type Loaded =
  { answer: NotificationsPage; error: null } | { answer: null; error: string };

beforeEach(() => {
  installFakeWebSocket();
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * /notifications, its loader answering each request in turn from `answers` (the page's first, then what Load more or
 * Try again ask its fetcher for); `asked` collects the addresses it was asked.
 */
function renderNotifications(answers: Array<Loaded | Promise<Loaded>>) {
  const asked: string[] = [];
  const loader = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    asked.push(url.pathname + url.search);
    return answers.shift()!;
  };
  renderInRoot(null, {
    path: "/notifications",
    loader: loader as unknown as RenderOptions["loader"],
    Component: Notifications,
    wrap: (element) => (
      <AccountProvider>
        <SocketProvider>{element}</SocketProvider>
      </AccountProvider>
    ),
  });
  return asked;
}

const rows = () =>
  screen
    .queryAllByTestId("notification")
    .map((row) => row.querySelector(".notification-row__content")?.textContent);

describe("/notifications", () => {
  it("loads the older page on Load more, disabled while it comes, and drops the button at the end", async () => {
    const user = userEvent.setup();
    let sendOlder!: (loaded: Loaded) => void;
    const asked = renderNotifications([
      {
        answer: page([notification(9, "Bea beat your score")], true),
        error: null,
      },
      new Promise<Loaded>((resolve) => (sendOlder = resolve)),
    ]);
    await waitFor(() => expect(rows()).toEqual(["Bea beat your score"]));
    expect(screen.getByText("2 h ago")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    const busy = await screen.findByRole("button", { name: "Loading…" });
    expect(busy.hasAttribute("disabled")).toBe(true);
    expect(asked.at(-1)).toBe("/notifications?before=9");

    sendOlder({
      answer: page([notification(4, "Cy accepted your challenge")], false),
      error: null,
    });
    await waitFor(() =>
      expect(rows()).toEqual([
        "Bea beat your score",
        "Cy accepted your challenge",
      ]),
    );
    expect(
      screen.queryByRole("button", { name: /Load more|Loading/ }),
    ).toBeNull();
  });

  it("shows why the first page failed and loads it on Try again", async () => {
    const user = userEvent.setup();
    renderNotifications([
      { answer: null, error: "The server is busy" },
      {
        answer: page([notification(3, "Bea challenged you")], false),
        error: null,
      },
    ]);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The server is busy",
    );
    expect(rows()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(rows()).toEqual(["Bea challenged you"]));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });

  it("says so when there are no notifications yet, without Mark all as read", async () => {
    renderNotifications([{ answer: page([], false), error: null }]);
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
    expect(
      screen.queryByRole("button", { name: "Mark all as read" }),
    ).toBeNull();
    expect(screen.getByRole("link", { name: "Find friends" })).toBeTruthy();
  });
});
