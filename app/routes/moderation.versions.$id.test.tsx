// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { ReviewVersion } from "#contract/review";
import { renderInRoot } from "../../tests/setup/components";
import ReviewVersionPage from "./moderation.versions.$id";

afterEach(cleanup);

const version = (overrides: Partial<ReviewVersion> = {}): ReviewVersion => ({
  versionId: 12,
  gameId: 40,
  status: "submitted",
  kind: "upload",
  source: "http://localhost:8788/v/12/index.html",
  fileCount: 14,
  byteSize: 3 * 1024 * 1024,
  submittedAt: Date.UTC(2026, 10, 28),
  reviewedAt: null,
  reviewReason: null,
  publisher: { id: 5, name: "Pixel Forge" },
  meta: {
    name: "Sky Hopper",
    description: "Hop from cloud to cloud.",
    howToPlay: "Tap to jump.",
    category: "Arcade",
    orientation: "portrait",
    timed: true,
    maximumGameTime: 90,
    sendsScores: true,
    leaderboardType: 1,
    icon: null,
    video: null,
  },
  game: { isPublished: false, liveVersionId: null },
  ...overrides,
});

function renderReview(
  shown: ReviewVersion,
  answer: Record<string, unknown> = {
    ok: false,
    formError: "This version is not waiting for review",
    errors: {},
    values: { decision: "approve", reason: "" },
  },
) {
  const posted: Record<string, string>[] = [];
  renderInRoot(null, {
    path: "/moderation/versions/:id",
    initialEntry: `/moderation/versions/${shown.versionId}`,
    loader: () => ({ version: shown }),
    action: async ({ request }) => {
      posted.push(
        Object.fromEntries(
          [...(await request.formData())].map(([key, value]) => [
            key,
            typeof value === "string" ? value : value.name,
          ]),
        ),
      );
      return answer;
    },
    Component: ReviewVersionPage,
  });
  return posted;
}

describe("/moderation/versions/:id", () => {
  it("shows what was submitted, the inspector link and the decision form", async () => {
    renderReview(version());
    expect(
      await screen.findByRole("heading", { name: "Sky Hopper", level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText("Waiting for review")).toBeTruthy();
    expect(screen.getByText("14 files, 3.0 MB")).toBeTruthy();
    expect(screen.getByText("None: a still card in the feed")).toBeTruthy();
    expect(
      screen
        .getByRole("link", { name: "Play in the inspector" })
        .getAttribute("href"),
    ).toBe("/developer/versions/12/play");
    expect(screen.getByRole("link", { name: "Pixel Forge" })).toBeTruthy();
    expect(screen.getByLabelText(/Reason for rejecting/)).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Approve and publish" }),
    ).toBeTruthy();
    // Nothing is live yet: no Unpublish.
    expect(screen.queryByRole("button", { name: "Unpublish" })).toBeNull();
  });

  it("asks for a reason before a rejection is posted, then posts it", async () => {
    const user = userEvent.setup();
    const posted = renderReview(version(), {
      ok: false,
      formError: "Later",
      errors: {},
      values: { decision: "reject", reason: "" },
    });
    await user.click(await screen.findByRole("button", { name: "Reject" }));
    expect(
      await screen.findByText(
        "Please say why, in 5 to 500 characters, so the developer can fix it",
      ),
    ).toBeTruthy();
    expect(posted).toHaveLength(0);

    await user.type(
      screen.getByLabelText(/Reason for rejecting/),
      "The game never finishes loading.",
    );
    await user.click(screen.getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      decision: "reject",
      reason: "The game never finishes loading.",
    });
  });

  it("posts Approve and shows the action's refusal above the buttons", async () => {
    const user = userEvent.setup();
    const posted = renderReview(version());
    await user.click(
      await screen.findByRole("button", { name: "Approve and publish" }),
    );
    expect(
      await screen.findByText("This version is not waiting for review"),
    ).toBeTruthy();
    expect(posted[0]).toMatchObject({ decision: "approve" });
  });

  it("shows a decided version without the form, a rejection with its reason, and a live game's Unpublish", async () => {
    renderReview(
      version({
        status: "approved",
        game: { isPublished: true, liveVersionId: 12 },
      }),
    );
    expect(await screen.findByText("Approved")).toBeTruthy();
    expect(
      screen.queryByRole("button", { name: "Approve and publish" }),
    ).toBeNull();
    expect(screen.getByRole("button", { name: "Unpublish" })).toBeTruthy();
    cleanup();

    renderReview(
      version({
        status: "approved",
        game: { isPublished: false, liveVersionId: 12 },
      }),
    );
    expect(
      await screen.findByRole("button", { name: "Republish" }),
    ).toBeTruthy();
    cleanup();

    renderReview(
      version({ status: "rejected", reviewReason: "Crashes on start" }),
    );
    expect(await screen.findByText("Rejected: Crashes on start")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Reject" })).toBeNull();
  });

  it("says the game is unpublished after Unpublish", async () => {
    const user = userEvent.setup();
    const posted = renderReview(
      version({
        status: "approved",
        game: { isPublished: true, liveVersionId: 12 },
      }),
      {
        ok: true,
        message: "The game is unpublished: players no longer see it",
      },
    );
    await user.click(await screen.findByRole("button", { name: "Unpublish" }));
    expect(
      await screen.findByText(
        "The game is unpublished: players no longer see it",
      ),
    ).toBeTruthy();
    expect(posted[0]).toMatchObject({ decision: "unpublish" });
  });
});
