// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MultiplayerProvider } from "~/components/MultiplayerProvider";
import { SocketProvider } from "~/components/SocketProvider";
import {
  FRIEND_MATCH_TEXT,
  type MatchInviteView,
} from "#contract/friend-matches";
import {
  FakeWebSocket,
  installFakeApi,
  installFakeWebSocket,
  renderInRoot,
  viewer,
} from "../../tests/setup/components";
import MatchInvitePage from "./match.$code";

const AVA = 1;
const BEA = 2;
const CODE = "Rk3vQ9xTz2mPbW7cYhN4sL";

const invite = (overrides: Partial<MatchInviteView> = {}): MatchInviteView => ({
  code: CODE,
  kind: "friend",
  from: { id: AVA, name: "Ava Player", profile_pic: null },
  to: { id: BEA, name: "Bea Friend", profile_pic: null },
  game: { id: 7, name: "Tower Stack", icon: null },
  expiresAt: new Date(Date.now() + 90_000).toISOString(),
  status: "open",
  resultId: null,
  match: null,
  ...overrides,
});

beforeEach(() => {
  installFakeWebSocket();
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The invitation's page for `viewerId`; `posted` collects the forms its action got. */
function renderInvite(
  viewerId: number,
  shown: MatchInviteView,
  answer: Record<string, unknown> = { error: null },
) {
  const posted: Array<Record<string, FormDataEntryValue>> = [];
  renderInRoot(null, {
    user: viewer({ _id: viewerId }),
    path: "/match/:code",
    initialEntry: `/match/${CODE}`,
    loader: () => ({
      invite: shown,
      error: null,
      viewerId,
      link: `http://localhost/match/${CODE}`,
      renderedAt: Date.now(),
    }),
    action: async ({ request }) => {
      posted.push(Object.fromEntries(await request.formData()));
      return answer;
    },
    Component: MatchInvitePage,
    wrap: (page) => (
      <MultiplayerProvider>
        <SocketProvider>{page}</SocketProvider>
      </MultiplayerProvider>
    ),
  });
  return posted;
}

describe("/match/:code", () => {
  it("has the inviter wait with a countdown, and says so at once when the friend declines", async () => {
    renderInvite(AVA, invite());
    const waiting = await screen.findByTestId("invite-waiting");
    expect(
      within(waiting).getByRole("heading", { name: "Waiting for Bea Friend" }),
    ).toBeTruthy();
    expect(
      screen.getByRole("timer", { name: "Time left" }).textContent,
    ).toMatch(/^1:(29|30)$/);

    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    act(() =>
      socket.receive({
        event: "match_invite_answer",
        data: { code: CODE, status: "declined", match: null },
      }),
    );
    const closed = await screen.findByTestId("invite-closed");
    expect(
      within(closed).getByRole("heading", { name: "Bea Friend declined" }),
    ).toBeTruthy();
    expect(
      within(closed).getByRole("link", { name: "Invite again" }),
    ).toBeTruthy();
    expect(screen.queryByTestId("invite-waiting")).toBeNull();
  });

  it("closes the friend's offer when its time runs out: no Accept, a way to find another player", async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setInterval", "clearInterval", "Date"],
    });
    renderInvite(
      BEA,
      invite({ expiresAt: new Date(Date.now() + 3_000).toISOString() }),
    );
    const offer = await screen.findByTestId("invite-offer");
    expect(
      within(offer).getByRole("heading", {
        name: "Ava Player invites you to play Tower Stack",
      }),
    ).toBeTruthy();
    expect(within(offer).getByRole("button", { name: "Accept" })).toBeTruthy();

    await act(async () => {
      vi.advanceTimersByTime(3_500);
    });
    expect(
      within(offer).getByRole("heading", { name: FRIEND_MATCH_TEXT.expired }),
    ).toBeTruthy();
    expect(within(offer).queryByRole("button", { name: "Accept" })).toBeNull();
    expect(screen.queryByRole("timer")).toBeNull();
    expect(
      within(offer).getByRole("link", { name: "Find another player" }),
    ).toBeTruthy();
  });

  it("posts the friend's Decline and shows why the server refused it", async () => {
    const user = userEvent.setup();
    const posted = renderInvite(BEA, invite(), {
      error: FRIEND_MATCH_TEXT.cancelled,
    });
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      FRIEND_MATCH_TEXT.cancelled,
    );
    expect(posted).toEqual([{ intent: "decline" }]);
  });

  it("offers a link invitation to anyone with Not now instead of Decline", async () => {
    renderInvite(BEA, invite({ to: null }));
    const offer = await screen.findByTestId("invite-offer");
    expect(within(offer).getByRole("link", { name: "Not now" })).toBeTruthy();
    expect(within(offer).queryByRole("button", { name: "Decline" })).toBeNull();
  });
});
