// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { ReportGroupView } from "#contract/moderation-queue";
import { renderInRoot } from "../../tests/setup/components";
import ReportGroupPage from "./moderation.reports.$targetType.$targetId";

afterEach(cleanup);

const group = (overrides: Partial<ReportGroupView> = {}): ReportGroupView => ({
  targetType: "message",
  targetId: "msg-bad",
  content: "you are awful",
  removed: false,
  context: [
    { msg_id: "msg-1", sender: 8, content: "good game", created_at: 1 },
    { msg_id: "msg-bad", sender: 7, content: "you are awful", created_at: 2 },
  ],
  player: {
    id: 7,
    name: "Rude Rita",
    picture: null,
    mutedUntil: null,
    suspended: false,
    suspendedReason: null,
  },
  game: null,
  names: { 7: "Rude Rita", 8: "Kind Kim" },
  reports: [
    {
      id: 1,
      reporterName: "Kind Kim",
      reason: "Insults",
      status: "open",
      outcome: null,
      createdAt: "2026-11-29T08:00:00.000Z",
    },
  ],
  log: [],
  actions: ["dismiss", "hide_message", "reset_name", "mute", "suspend"],
  ...overrides,
});

function renderGroup(shown: ReportGroupView) {
  const posted: Record<string, string>[] = [];
  renderInRoot(null, {
    path: "/moderation/reports/:targetType/:targetId",
    initialEntry: `/moderation/reports/${shown.targetType}/${shown.targetId}`,
    loader: () => ({ group: shown, done: null }),
    action: async ({ request }) => {
      posted.push(
        Object.fromEntries(
          [...(await request.formData())].map(([key, value]) => [
            key,
            typeof value === "string" ? value : value.name,
          ]),
        ),
      );
      return { ok: false, formError: "Later", errors: {}, values: {} };
    },
    Component: ReportGroupPage,
  });
  return posted;
}

describe("/moderation/reports/:targetType/:targetId", () => {
  it("shows the message among its context, who reported it and the actions", async () => {
    renderGroup(group());
    expect(
      await screen.findByRole("heading", { name: "Reported chat message" }),
    ).toBeTruthy();
    expect(screen.getByText("good game")).toBeTruthy();
    expect(screen.getByText("Rude Rita (reported)")).toBeTruthy();
    expect(screen.getByText("Insults")).toBeTruthy();
    expect(screen.getByText("Nothing yet.")).toBeTruthy();
    for (const name of ["Dismiss", "Hide message", "Mute from chat"])
      expect(screen.getByRole("button", { name })).toBeTruthy();
    expect(screen.getByLabelText("Mute for")).toBeTruthy();
  });

  it("asks for a reason before anything is posted, then posts the action with it", async () => {
    const user = userEvent.setup();
    const posted = renderGroup(group());
    await user.click(
      await screen.findByRole("button", { name: "Hide message" }),
    );
    expect(
      await screen.findByText(
        "Please give a reason of 5 to 500 characters: the player reads it",
      ),
    ).toBeTruthy();
    expect(posted).toHaveLength(0);
    await user.type(
      screen.getByLabelText(/^Reason/),
      "Insults are not allowed",
    );
    await user.click(screen.getByRole("button", { name: "Hide message" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      intent: "hide_message",
      reason: "Insults are not allowed",
    });
  });

  it("offers Unsuspend for a suspended player and says when nothing is left to do", async () => {
    renderGroup(
      group({
        targetType: "profile",
        targetId: "7",
        context: [],
        actions: ["unsuspend"],
        player: {
          ...group().player!,
          suspended: true,
          suspendedReason: "Abuse",
        },
      }),
    );
    expect(
      await screen.findByRole("button", { name: "Unsuspend" }),
    ).toBeTruthy();
    expect(screen.getByText("Suspended: Abuse")).toBeTruthy();
    cleanup();
    renderGroup(group({ actions: [] }));
    expect(
      await screen.findByText("Nothing is left to do: the reports are closed."),
    ).toBeTruthy();
  });
});
