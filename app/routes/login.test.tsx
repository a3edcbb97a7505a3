// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountProvider } from "~/components/AccountProvider";
import { MESSAGES } from "#contract/validation";
import {
  installFakeApi,
  renderInRoot,
  viewer,
} from "../../tests/setup/components";
import Login from "./login";

beforeEach(() => {
  installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = Record<string, unknown>;

/** /login for a visitor; `answer` is what the page's action says to a post, `posted` the forms it got. */
function renderLogin(
  loaded: { redirectTo: string | null; matchHost: string | null },
  answer: (form: Answer) => Promise<Answer> | Answer,
) {
  const posted: Answer[] = [];
  renderInRoot(null, {
    user: null,
    path: "/login",
    loader: () => loaded,
    action: async ({ request }) => {
      const form = Object.fromEntries(await request.formData());
      posted.push(form);
      return answer(form);
    },
    Component: Login,
    wrap: (page) => <AccountProvider>{page}</AccountProvider>,
    routes: [
      { path: "/home", Component: () => <h1>Home page</h1> },
      { path: "/match/:code", Component: () => <h1>Match page</h1> },
    ],
  });
  return posted;
}

const button = (name: string | RegExp) => screen.getByRole("button", { name });

describe("/login", () => {
  it("says what each empty field needs on Log in, posts nothing and puts the cursor in the first one", async () => {
    const user = userEvent.setup();
    const posted = renderLogin({ redirectTo: null, matchHost: null }, () => ({
      ok: true,
    }));
    await screen.findByRole("heading", { name: "Log in" });
    expect(screen.queryByText(MESSAGES.loginEmailRequired)).toBeNull();

    await user.click(button("Log in"));

    expect(screen.getByText(MESSAGES.loginEmailRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
    expect(posted).toEqual([]);
  });

  it("is busy while the post runs, then says why it was refused and can be sent again", async () => {
    const user = userEvent.setup();
    let refuse!: () => void;
    const held = new Promise<void>((resolve) => (refuse = resolve));
    const posted = renderLogin(
      { redirectTo: null, matchHost: null },
      async (form) => {
        await held;
        return {
          ok: false,
          formError: MESSAGES.loginFailed,
          errors: {},
          values: { email: form.email },
        };
      },
    );
    await user.type(await screen.findByLabelText("Email"), "ava@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret#123");
    await user.click(button("Log in"));

    const busy = await screen.findByRole("button", { name: "Logging in…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    refuse();

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(MESSAGES.loginFailed);
    expect((button("Log in") as HTMLButtonElement).disabled).toBe(false);
    expect(posted).toEqual([
      expect.objectContaining({
        email: "ava@example.com",
        password: "Secret#123",
      }),
    ]);
  });

  it("says whose match waits, and goes on to it once signed in", async () => {
    const user = userEvent.setup();
    renderLogin({ redirectTo: "/match/ABC123", matchHost: "Bea" }, () => ({
      ok: true,
      answer: { user: viewer({ _id: 5 }) },
    }));
    expect((await screen.findByTestId("waiting")).textContent).toBe(
      "Log in to join Bea's match",
    );
    expect(
      within(screen.getByText(/New to Playfeed/))
        .getByRole("link", { name: "Create an account" })
        .getAttribute("href"),
    ).toBe("/registration?redirectTo=%2Fmatch%2FABC123");

    await user.type(screen.getByLabelText("Email"), "ava@example.com");
    await user.type(screen.getByLabelText("Password"), "Secret#123");
    await user.click(button("Log in"));

    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "Match page" })).toBeTruthy(),
    );
  });
});
