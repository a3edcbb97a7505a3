// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { renderInRoot } from "../../tests/setup/components";
import type { SettingsView } from "#contract/settings";
import type { SettingsAnswer } from "~/server/settings.server";
import Settings from "./settings";

afterEach(cleanup);

const NOW = Date.UTC(2026, 10, 29, 12);

const view = (overrides: Partial<SettingsView> = {}): SettingsView => ({
  email: "ava@example.com",
  hasPassword: true,
  pendingEmail: null,
  devices: [
    {
      key: "a".repeat(32),
      device: "Firefox on macOS",
      country: "JP",
      lastSeenAt: NOW - 3 * 3600_000,
      current: false,
    },
    {
      key: "b".repeat(32),
      device: "Chrome on Android",
      country: "PT",
      lastSeenAt: NOW,
      current: true,
    },
  ],
  ...overrides,
});

function renderSettings(
  shown: SettingsView,
  answer?: (form: FormData) => SettingsAnswer,
) {
  renderInRoot(null, {
    path: "/settings",
    loader: () => ({ view: shown, now: NOW }),
    action: async ({ request }): Promise<Record<string, unknown>> =>
      answer ? answer(await request.formData()) : {},
    Component: Settings,
  });
}

describe("/settings", () => {
  it("lists this device first with its country's name, and the others with when they were last seen", async () => {
    renderSettings(view());
    const devices = await screen.findByRole("region", {
      name: "Signed-in devices",
    });
    const rows = within(devices).getAllByRole("listitem");
    expect(rows[0].textContent).toContain("Chrome on Android");
    expect(rows[0].textContent).toContain("This device");
    expect(rows[0].textContent).toContain("Portugal · Active now");
    expect(rows[1].textContent).toContain("Japan · Last seen 3 h ago");
    expect(
      within(devices).getByRole("button", {
        name: "Sign out Firefox on macOS in Japan",
      }),
    ).toBeTruthy();
    expect(
      within(devices).getByRole("button", { name: /Sign out everywhere else/ }),
    ).toBeTruthy();
  });

  it("leads on to downloading the data and deleting the account", async () => {
    renderSettings(view());
    const leaving = await screen.findByRole("region", {
      name: "Your data and account",
    });
    expect(
      within(leaving)
        .getByRole("link", { name: "Your data and account" })
        .getAttribute("href"),
    ).toBe("/settings/account");
  });

  it("sends a Google-only account to Forgot password? and asks for no password it does not have", async () => {
    renderSettings(view({ hasPassword: false }));
    const password = await screen.findByRole("region", { name: "Password" });
    expect(
      within(password)
        .getByRole("link", { name: "Forgot password?" })
        .getAttribute("href"),
    ).toBe("/forgot-password");
    expect(screen.queryByLabelText("Current password")).toBeNull();
  });

  it("shows a pending change, and a wrong current password once, under its field", async () => {
    const user = userEvent.setup();
    renderSettings(view({ pendingEmail: "new@example.com" }), () => ({
      intent: "change-email",
      ok: false,
      formError: "That is not your current password",
      errors: { current_password: "That is not your current password" },
      newEmail: "other@example.com",
    }));
    const email = await screen.findByRole("region", { name: "E-mail address" });
    expect(email.textContent).toContain(
      "We sent a link to new@example.com. Confirm it to finish the change.",
    );
    await user.type(
      within(email).getByLabelText("New e-mail address"),
      "other@example.com",
    );
    await user.type(within(email).getByLabelText("Current password"), "x");
    await user.click(
      within(email).getByRole("button", { name: "Send a confirmation link" }),
    );
    await within(email).findByText("That is not your current password");
    expect(
      email.textContent.split("That is not your current password").length - 1,
    ).toBe(1);
  });
});
