// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import type { AccountSummary } from "#contract/account-closing";
import { installFakeApi, renderInRoot } from "../../tests/setup/components";
import AccountSettings from "./settings_.account";

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = (overrides: Partial<AccountSummary> = {}): AccountSummary => ({
  name: "Ava Stone",
  email: "ava@example.com",
  hasPassword: true,
  publishedPosts: 0,
  ...overrides,
});

function renderPage(
  summary: AccountSummary | null,
  action: () => Record<string, unknown> = () => ({}),
) {
  renderInRoot(null, {
    path: "/settings/account",
    loader: () => ({ account: summary }),
    action,
    user: summary ? undefined : null,
    Component: AccountSettings,
    wrap: (page) => <AccountProvider>{page}</AccountProvider>,
  });
}

describe("/settings/account", () => {
  it("offers the download as a plain link and asks for the password to delete", async () => {
    renderPage(account());
    const link = await screen.findByRole("link", { name: "Download my data" });
    expect(link.getAttribute("href")).toBe("/settings/account/data.json");
    expect(link.hasAttribute("download")).toBe(true);
    expect(screen.getByLabelText("Your password")).toBeTruthy();
    expect(screen.queryByLabelText(/Unpublish my posts/)).toBeNull();
    expect(screen.getByText(/This cannot be undone/)).toBeTruthy();
  });

  it("asks a Google account for the word, and a writer whether to unpublish", async () => {
    renderPage(account({ hasPassword: false, publishedPosts: 2 }));
    expect(await screen.findByLabelText(/Type DELETE to confirm/)).toBeTruthy();
    expect(screen.queryByLabelText("Your password")).toBeNull();
    expect(screen.getByLabelText(/Unpublish my posts/)).toBeTruthy();
    expect(screen.getByText(/2 published posts stay on the blog/)).toBeTruthy();
  });

  it("shows the server's refusal under the field", async () => {
    const user = userEvent.setup();
    renderPage(account(), () => ({
      ok: false,
      formError: "That password is not right.",
      errors: { password: "That password is not right." },
      values: { confirm: "", unpublish: false },
    }));
    await user.type(await screen.findByLabelText("Your password"), "Wrong@1");
    await user.click(screen.getByRole("button", { name: "Delete my account" }));
    expect(await screen.findByText("That password is not right.")).toBeTruthy();
    expect(
      screen.getByLabelText("Your password").getAttribute("aria-invalid"),
    ).toBe("true");
  });

  it("asks a visitor to log in", async () => {
    renderPage(null);
    expect(
      await screen.findByRole("heading", {
        name: "Log in to see your data and account",
      }),
    ).toBeTruthy();
  });
});
